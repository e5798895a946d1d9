// Tests the CSV catalogue reader: RFC 4180 quoting, header checks, typed cells, row skipping.
import { describe, it, expect } from 'vitest';
import { parseCatalogCsv, splitCsvRecords } from '../../../api/catalog/parse-catalog-csv';

const HEADER =
  'toyNumber,collectorNumber,name,image,series,seriesNumber,year,color,type,category,huntType,brand,retailPrice,setRetailPrice,setName,fivePackId';

function csv(...lines: string[]): string {
  return [HEADER, ...lines].join('\n');
}

describe('splitCsvRecords', () => {
  it('splits on commas and line breaks', () => {
    expect(splitCsvRecords('a,b\nc,d')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });

  it('reads quoted fields with commas, doubled quotes and line breaks', () => {
    expect(splitCsvRecords('"a, b","say ""hi""","two\nlines",""\n')).toEqual([
      ['a, b', 'say "hi"', 'two\nlines', ''],
    ]);
  });

  it('accepts CRLF, LF and a lone CR as record ends, and ignores the final one', () => {
    expect(splitCsvRecords('a\r\nb\nc\rd\r\n')).toEqual([['a'], ['b'], ['c'], ['d']]);
  });

  it('keeps a CRLF inside quotes as part of the field', () => {
    expect(splitCsvRecords('"x\r\ny",z')).toEqual([['x\r\ny', 'z']]);
  });

  it('keeps empty trailing fields', () => {
    expect(splitCsvRecords('a,,\n')).toEqual([['a', '', '']]);
  });

  it('throws on a quoted field that is never closed, naming the row', () => {
    expect(() => splitCsvRecords('a,b\n"open,c\n')).toThrow(/row 2.*never closed/);
  });
});

describe('parseCatalogCsv', () => {
  it('reads a row into a typed CatalogCarInput, empty cells as null', () => {
    const text = csv(
      'FYF75,019,"\'67 Camaro, Custom",,HW Flames,3/10,2019,Red,Mainline,,TH,Hot Wheels,1.25,,,',
    );
    expect(parseCatalogCsv(text)).toEqual({
      inputs: [
        {
          toyNumber: 'FYF75',
          collectorNumber: '019',
          name: "'67 Camaro, Custom",
          image: null,
          series: 'HW Flames',
          seriesNumber: '3/10',
          year: 2019,
          color: 'Red',
          type: 'Mainline',
          category: null,
          huntType: 'TH',
          brand: 'Hot Wheels',
          retailPrice: 1.25,
          setRetailPrice: null,
          setName: null,
          fivePackId: null,
        },
      ],
      skipped: [],
    });
  });

  it('tolerates a BOM and CRLF line ends', () => {
    const text = `\uFEFF${csv(',,Bone Shaker,,,,2006,,Series,,,Hot Wheels,,,,').replace(/\n/g, '\r\n')}\r\n`;
    const { inputs, skipped } = parseCatalogCsv(text);
    expect(skipped).toEqual([]);
    expect(inputs.map((input) => input.name)).toEqual(['Bone Shaker']);
  });

  it('trims cells and treats whitespace-only cells as empty', () => {
    const { inputs } = parseCatalogCsv(csv(' X1 ,  , Twin Mill ,,,,2020,,Series,,,Hot Wheels,,,,'));
    expect(inputs[0]).toMatchObject({ toyNumber: 'X1', collectorNumber: null, name: 'Twin Mill' });
  });

  it('reads five-pack columns', () => {
    const { inputs } = parseCatalogCsv(
      csv(
        ',,Bone Shaker,,HW Getaways,,2021,,Mainline 5-Pack,,,Hot Wheels,,6.99,HW Getaways 5-Pack,hw-getaways-2021',
      ),
    );
    expect(inputs[0]).toMatchObject({
      type: 'Mainline 5-Pack',
      setRetailPrice: 6.99,
      setName: 'HW Getaways 5-Pack',
      fivePackId: 'hw-getaways-2021',
    });
  });

  it('accepts the columns in any order and lets optional columns be left out', () => {
    const { inputs, skipped } = parseCatalogCsv(
      'brand,year,name,type\nMatchbox,1998,Land Rover,Series',
    );
    expect(skipped).toEqual([]);
    expect(inputs[0]).toMatchObject({
      brand: 'Matchbox',
      year: 1998,
      name: 'Land Rover',
      toyNumber: null,
      fivePackId: null,
    });
  });

  it('throws naming unknown columns', () => {
    expect(() => parseCatalogCsv(`${HEADER},price\n`)).toThrow(/unknown columns: "price"/);
  });

  it('throws naming missing required columns', () => {
    expect(() => parseCatalogCsv('toyNumber,name,type\nX,Y,Series')).toThrow(
      /missing required columns: year, brand/,
    );
  });

  it('throws on a repeated column', () => {
    expect(() => parseCatalogCsv('name,name,year,type,brand\n')).toThrow(
      /duplicated columns: name/,
    );
  });

  it('throws on an empty file', () => {
    expect(() => parseCatalogCsv('')).toThrow(/no header/);
  });

  it('skips invalid rows with their 1-based row number (header = row 1) and keeps the rest', () => {
    const { inputs, skipped } = parseCatalogCsv(
      csv(
        ',,Good One,,,,2020,,Series,,,Hot Wheels,,,,',
        ',,Bad Year,,,,1890,,Series,,,Hot Wheels,,,,',
        ',,Bad Brand,,,,2020,,Series,,,Tonka,,,,',
        ',,,,,,2020,,Series,,,Hot Wheels,,,,',
        ',,Bad Price,,,,2020,,Series,,,Hot Wheels,"1,99",,,',
        ',,Bad Pack,,,,2020,,Series,,,Hot Wheels,,,,Pack One',
        ',,Good Two,,,,2021,,Premium,,STH,Hot Wheels,,,,',
      ),
    );
    expect(inputs.map((input) => input.name)).toEqual(['Good One', 'Good Two']);
    expect(skipped.map((entry) => entry.row)).toEqual([3, 4, 5, 6, 7]);
    expect(skipped[0]?.reason).toMatch(/^year:/);
    expect(skipped[1]?.reason).toMatch(/^brand:/);
    expect(skipped[2]?.reason).toMatch(/^name:/);
    expect(skipped[3]?.reason).toMatch(/^retailPrice:/);
    expect(skipped[4]?.reason).toMatch(/^fivePackId:/);
  });

  it('rejects a type or hunt type outside the catalogue vocabulary', () => {
    const { skipped } = parseCatalogCsv(
      csv(
        ',,Car,,,,2020,,Treasure,,,Hot Wheels,,,,',
        ',,Car,,,,2020,,Series,,Chase,Hot Wheels,,,,',
        ',,Car,,,,2020.5,,Series,,,Hot Wheels,,,,',
        ',,Car,,,,2020,,Series,,,Hot Wheels,-1,,,',
      ),
    );
    expect(skipped.map((entry) => entry.reason.split(':')[0])).toEqual([
      'type',
      'huntType',
      'year',
      'retailPrice',
    ]);
  });

  it('skips a row with the wrong number of fields', () => {
    const { skipped } = parseCatalogCsv(csv(',,Short,2020'));
    expect(skipped).toEqual([{ row: 2, reason: 'expected 16 fields, found 4' }]);
  });

  it('counts records, not lines, and ignores blank lines', () => {
    const { inputs, skipped } = parseCatalogCsv(
      csv(
        ',,"Two\nLine Name",,,,2020,,Series,,,Hot Wheels,,,,',
        '',
        ',,Bad,,,,3000,,Series,,,Hot Wheels,,,,',
      ),
    );
    expect(inputs.map((input) => input.name)).toEqual(['Two\nLine Name']);
    expect(skipped.map((entry) => entry.row)).toEqual([4]);
  });
});
