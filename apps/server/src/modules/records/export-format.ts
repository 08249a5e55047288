// The regulator export's file format, one adapter away: the export builds records (validated
// against packages/shared/src/schemas/regulator-export.ts) and a format turns a file's records into
// bytes. JSON Lines is the first; a CSV or XML adapter the regulator's system may ask for is another
// entry here, the records and their schema unchanged.

export type ExportFormat = {
  /** Stored with each run, so a file is always read back in the format it was written in. */
  name: string;
  extension: string;
  contentType: string;
  encode(records: readonly unknown[]): Buffer;
};

/** One JSON object per line, UTF-8, each line ended by \n (https://jsonlines.org). */
export const JSON_LINES: ExportFormat = {
  name: 'jsonl',
  extension: '.jsonl',
  contentType: 'application/x-ndjson; charset=utf-8',
  encode: (records) => Buffer.from(records.map((r) => `${JSON.stringify(r)}\n`).join(''), 'utf8'),
};

export const EXPORT_FORMATS: Readonly<Record<string, ExportFormat>> = { [JSON_LINES.name]: JSON_LINES };
