import type { CustomerServiceOpenAs } from './schemas/system';

// Kept apart from the schemas: the player site's first bundle reads these, and zod is not in it.

/** The online-service list's type code of each way an entry opens (3: the chat in its 440×500 window). */
export const ONLINE_SERVICE_TYPE: Record<CustomerServiceOpenAs, '1' | '2' | '3' | '4' | '5'> = {
  link: '1',
  popup: '2',
  chat: '3',
  email: '4',
  phone: '5',
};
export const ONLINE_SERVICE_TYPES = ['1', '2', '3', '4', '5'] as const;

/** The chat window of a type 3 entry, the product's size. */
export const ONLINE_SERVICE_POPUP = { width: 440, height: 500 } as const;
