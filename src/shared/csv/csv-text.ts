// Owns reading and writing CSV text (RFC 4180) through papaparse, for the app and the server.
import Papa from 'papaparse';

export interface CsvReadOptions {
  /** ',' unless told; 'auto' lets papaparse guess (a spreadsheet saved with ';' or tabs). */
  delimiter?: ',' | ';' | '\t' | 'auto';
}

/**
 * Papaparse takes one line-end style per file; files from spreadsheets mix them. Line ends
 * outside quotes become LF here, so CRLF, LF and a lone CR all end a record while a CRLF inside
 * a quoted field stays part of it. Every '"' flips the quoted state: a doubled quote inside a
 * field flips it twice, so the count stays right without parsing fields.
 */
function unifyLineEnds(text: string): string {
  let out = '';
  let inQuotes = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '"') inQuotes = !inQuotes;
    if (!inQuotes && char === '\r') {
      if (text[i + 1] === '\n') i++;
      out += '\n';
    } else {
      out += char;
    }
  }
  return out;
}

/**
 * Splits CSV text into records of fields. Quoted fields may hold commas, line breaks and
 * doubled quotes; records end with CRLF, LF or a lone CR. Blank lines come back as [''];
 * the final line break ends the last record rather than starting an empty one. A leading BOM
 * is dropped. Throws naming the 1-based row of a quoted field that is never closed.
 */
export function splitCsvRecords(text: string, options: CsvReadOptions = {}): string[][] {
  const unified = unifyLineEnds(text.replace(/^\uFEFF/, ''));
  if (unified === '') return [];
  const delimiter = options.delimiter ?? ',';
  const result = Papa.parse<string[]>(unified, {
    newline: '\n',
    delimiter: delimiter === 'auto' ? '' : delimiter,
    delimitersToGuess: [',', ';', '\t'],
    skipEmptyLines: false,
  });
  const unclosed = result.errors.find((error) => error.code === 'MissingQuotes');
  if (unclosed) {
    throw new Error(`CSV row ${(unclosed.row ?? 0) + 1}: a quoted field is never closed`);
  }
  const records = result.data;
  const last = records[records.length - 1];
  if (unified.endsWith('\n') && last?.length === 1 && last[0] === '') records.pop();
  return records;
}

/** Writes records as CSV with CRLF line ends; fields are quoted when they need it. */
export function writeCsv(records: readonly (readonly string[])[]): string {
  return Papa.unparse(
    records.map((record) => [...record]),
    { newline: '\r\n', quotes: false },
  );
}
