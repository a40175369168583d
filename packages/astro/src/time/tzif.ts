// Reader for TZif files (RFC 8536). Pure: takes the bytes, returns the zone's transitions.

interface ZoneType {
  offset: number; // seconds east of UT
  isDst: boolean;
  abbreviation: string;
}

export interface ZoneHistory {
  types: ZoneType[];
  /** Transition instants in seconds since the epoch, ascending. */
  transitions: number[];
  /** Index into `types` in force from each transition on. */
  transitionTypes: number[];
  /** Type in force before the first transition. */
  initialType: number;
  /** POSIX TZ string for instants after the last transition ('' when none). */
  footer: string;
}

export function parseTzif(bytes: Uint8Array): ZoneHistory {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const magic = String.fromCharCode(bytes[0]!, bytes[1]!, bytes[2]!, bytes[3]!);
  if (magic !== 'TZif') throw new Error('not a TZif file');
  const version = bytes[4]!;
  const header = (at: number) => ({
    isutcnt: view.getUint32(at + 20),
    isstdcnt: view.getUint32(at + 24),
    leapcnt: view.getUint32(at + 28),
    timecnt: view.getUint32(at + 32),
    typecnt: view.getUint32(at + 36),
    charcnt: view.getUint32(at + 40),
  });
  let h = header(0);
  let pos = 44;
  let timeSize = 4;
  if (version >= 0x32) {
    // Skip the 32-bit block; the 64-bit block after it covers the whole history.
    pos += h.timecnt * 4 + h.timecnt + h.typecnt * 6 + h.charcnt + h.leapcnt * 8 + h.isstdcnt + h.isutcnt;
    h = header(pos);
    pos += 44;
    timeSize = 8;
  }
  const transitions: number[] = [];
  for (let i = 0; i < h.timecnt; i++) {
    transitions.push(timeSize === 8 ? Number(view.getBigInt64(pos + i * 8)) : view.getInt32(pos + i * 4));
  }
  pos += h.timecnt * timeSize;
  const transitionTypes = Array.from(bytes.subarray(pos, pos + h.timecnt));
  pos += h.timecnt;
  const rawTypes: { offset: number; isDst: boolean; abbrIndex: number }[] = [];
  for (let i = 0; i < h.typecnt; i++) {
    rawTypes.push({
      offset: view.getInt32(pos + i * 6),
      isDst: bytes[pos + i * 6 + 4] === 1,
      abbrIndex: bytes[pos + i * 6 + 5]!,
    });
  }
  pos += h.typecnt * 6;
  const chars = bytes.subarray(pos, pos + h.charcnt);
  pos += h.charcnt + h.leapcnt * (timeSize + 4) + h.isstdcnt + h.isutcnt;
  const types = rawTypes.map((t) => {
    let end = t.abbrIndex;
    while (end < chars.length && chars[end] !== 0) end++;
    return {
      offset: t.offset,
      isDst: t.isDst,
      abbreviation: String.fromCharCode(...chars.subarray(t.abbrIndex, end)),
    };
  });
  let footer = '';
  if (version >= 0x32 && bytes[pos] === 0x0a) {
    let end = pos + 1;
    while (end < bytes.length && bytes[end] !== 0x0a) end++;
    footer = String.fromCharCode(...bytes.subarray(pos + 1, end));
  }
  // Very old instants (before any real history) are stored as a sentinel transition; drop those.
  while (transitions.length > 0 && transitions[0]! < -(2 ** 59)) {
    transitions.shift();
    transitionTypes.shift();
  }
  return { types, transitions, transitionTypes, initialType: 0, footer };
}
