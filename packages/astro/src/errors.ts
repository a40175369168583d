/** Raised for input the library cannot turn into a chart: unknown zone, impossible date, bad coordinates. */
export class AstroInputError extends Error {
  override readonly name = 'AstroInputError';
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}
