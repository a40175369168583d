// The VSOP87B data modules of the astronomia package (MIT): per variable (L, B, R) and power of
// time, terms [A, B, C] of A·cos(B + C·τ), τ in Julian millennia of TT from J2000.
declare module 'astronomia/data/*' {
  const data: {
    L: Record<string, [number, number, number][]>;
    B: Record<string, [number, number, number][]>;
    R: Record<string, [number, number, number][]>;
  };
  export default data;
}
declare module 'astronomia/data/elpMppDe' {
  const data: unknown;
  export default data;
}
