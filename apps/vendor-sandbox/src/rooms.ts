// The PVP vendor's tables, kept apart from the server that serves them (sandbox.ts).

export type RoomStatus = 'open' | 'full' | 'playing' | 'closed';
export type Room = {
  roomId: string;
  gameId: string;
  name: string;
  minStakeMinor: bigint;
  maxStakeMinor: bigint;
  /** Poker tables play by blinds; other card games by a stake range. */
  blinds: { smallMinor: bigint; bigMinor: bigint } | null;
  seats: number;
  seatsTaken: number;
  status: RoomStatus;
};

/** The PVP vendor's tables: its own data, which the platform reads through `/api/rooms/list`. */
export function createRooms(vendor: string): Map<string, Room> {
  const holdem = `${vendor}-holdem`;
  const truco = `${vendor}-truco-br`;
  const room = (
    roomId: string,
    gameId: string,
    name: string,
    min: number,
    max: number,
    blinds: [number, number] | null,
    seats: number,
    seatsTaken: number,
    status: RoomStatus,
  ): Room => ({
    roomId,
    gameId,
    name,
    minStakeMinor: BigInt(min),
    maxStakeMinor: BigInt(max),
    blinds: blinds ? { smallMinor: BigInt(blinds[0]), bigMinor: BigInt(blinds[1]) } : null,
    seats,
    seatsTaken,
    status,
  });
  const list = [
    room('hm-101', holdem, 'Copacabana', 2000, 10000, [50, 100], 6, 2, 'open'),
    room('hm-102', holdem, 'Ipanema', 4000, 20000, [100, 200], 9, 9, 'full'),
    room('hm-103', holdem, 'High Rollers', 40000, 200000, [1000, 2000], 6, 4, 'playing'),
    room('hm-104', holdem, 'Leblon', 1000, 5000, [25, 50], 6, 0, 'closed'),
    room('tr-201', truco, 'Truco Paulista', 500, 500, null, 4, 1, 'open'),
    room('tr-202', truco, 'Truco Mineiro', 1000, 5000, null, 4, 3, 'playing'),
    // Many seats, so repeated test runs always find one free.
    room('tr-203', truco, 'Arena', 200, 2000, null, 500, 10, 'open'),
  ];
  return new Map(list.map((r) => [r.roomId, r]));
}

export function roomView(r: Room) {
  return {
    roomId: r.roomId,
    gameId: r.gameId,
    name: r.name,
    minStakeMinor: r.minStakeMinor.toString(),
    maxStakeMinor: r.maxStakeMinor.toString(),
    blinds: r.blinds ? { smallMinor: r.blinds.smallMinor.toString(), bigMinor: r.blinds.bigMinor.toString() } : null,
    seats: r.seats,
    seatsTaken: r.seatsTaken,
    status: r.status,
  };
}
