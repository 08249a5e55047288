/** The test users the login page offers; any other name typed there signs in as a user of that name. */
export type TestUser = { id: string; name: string; email: string };

export const TEST_USERS: readonly TestUser[] = [
  { id: 'ana', name: 'Ana Souza', email: 'ana@idp.test' },
  { id: 'bruno', name: 'Bruno Lima', email: 'bruno@idp.test' },
  { id: 'carla', name: 'Carla Dias', email: 'carla@idp.test' },
];

/** A typed name becomes a user id of letters, digits, dots and dashes; anything else is refused. */
export function userFor(id: string): TestUser | undefined {
  const known = TEST_USERS.find((u) => u.id === id);
  if (known) return known;
  if (!/^[a-z0-9][a-z0-9.-]{1,39}$/.test(id)) return undefined;
  return { id, name: id, email: `${id}@idp.test` };
}
