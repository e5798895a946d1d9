// Tests the wiki-record normaliser against each quirk of the Hot Wheels wiki dump, rule by rule.
import { describe, it, expect } from 'vitest';
import type { CatalogCarInput } from '../../../src/shared/catalog/types';
import { WIKI_SKIP_REASONS, normalizeWikiRecord } from '../../../api/catalog/normalize-wiki-record';

const PHOTO = 'https://static.wikia.nocookie.net/hotwheels/images/4/4d/Speed_Blaster.JPG';
const NO_PHOTO =
  'https://static.wikia.nocookie.net/hotwheels/images/b/b5/Image_Not_Available.jpg/revision/latest?cb=20151025125428';

function wikiRecord(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    toy_num: 'FYF75',
    col_num: '019',
    model: 'Volkswagen Golf GTI',
    series: 'Volkswagen',
    series_num: '5/10',
    photo_url: PHOTO,
    year: '2019',
    ...overrides,
  };
}

function normalized(overrides: Record<string, unknown> = {}): CatalogCarInput {
  const result = normalizeWikiRecord(wikiRecord(overrides));
  if (!result.ok) throw new Error(`expected a car, got skipped: ${result.reason}`);
  return result.car;
}

function skipReason(overrides: Record<string, unknown>): string {
  const result = normalizeWikiRecord(wikiRecord(overrides));
  if (result.ok) throw new Error(`expected a skip, got ${JSON.stringify(result.car)}`);
  return result.reason;
}

describe('normalizeWikiRecord: a plain record', () => {
  it('maps every wiki column onto the catalogue input', () => {
    expect(normalized({ color: 'Yellow' })).toEqual({
      toyNumber: 'FYF75',
      collectorNumber: '019',
      name: 'Volkswagen Golf GTI',
      image: PHOTO,
      series: 'Volkswagen',
      seriesNumber: '5/10',
      year: 2019,
      color: 'Yellow',
      type: 'Mainline',
      category: null,
      huntType: null,
      brand: 'Hot Wheels',
      retailPrice: null,
      setRetailPrice: null,
      setName: null,
      fivePackId: null,
    });
  });

  it('turns missing toy, collector and colour columns into null', () => {
    const car = normalized({ toy_num: undefined, col_num: undefined });
    expect(car.toyNumber).toBeNull();
    expect(car.collectorNumber).toBeNull();
    expect(car.color).toBeNull();
  });

  it('trims whitespace in every field', () => {
    const car = normalized({ model: '  Twin Mill ', series: ' HW Flames ', toy_num: ' C4982 ' });
    expect(car).toMatchObject({ name: 'Twin Mill', series: 'HW Flames', toyNumber: 'C4982' });
  });
});

describe('normalizeWikiRecord: badges glued to the series name', () => {
  it.each([
    ['Factory FreshSuper Treasure Hunt', 'Factory Fresh', 'STH'],
    ['HW RescueTreasure Hunt', 'HW Rescue', 'TH'],
    ['HW Rescue Treasure Hunt', 'HW Rescue', 'TH'],
    ['HW Tool-In-1 Treasure Hunt', 'HW Tool-In-1', 'TH'],
    ['Compact KingsNew in MainlineSuper Treasure Hunt', 'Compact Kings', 'STH'],
    ['Corvette 60thSuper Treasure HuntNew in Mainline', 'Corvette 60th', 'STH'],
  ])('%j → series %j, hunt %s', (cell, series, huntType) => {
    expect(normalized({ series: cell })).toMatchObject({ series, huntType });
  });

  it.each([
    ['Muscle ManiaKmart Exclusive', 'Muscle Mania', 'Kmart Exclusive'],
    ['2006 Open Stock\nWalmart Exclusive', '2006 Open Stock', 'Walmart Exclusive'],
    ['Red EditionTarget Exclusive', 'Red Edition', 'Target Exclusive'],
    ['RealisticsZamac Exclusive', 'Realistics', 'Zamac Exclusive'],
    ['HW Drag StripKroger  Exclusive', 'HW Drag Strip', 'Kroger Exclusive'],
    ["Baja Blazers'Walmart Exclusive", 'Baja Blazers', 'Walmart Exclusive'],
    [
      'Then and NowDollar Tree/Family Dollar Exclusive',
      'Then and Now',
      'Family Dollar/Dollar Tree Exclusive',
    ],
    ['HW Wagons"From the Vault" Exclusive', 'HW Wagons', '"From the Vault" Exclusive'],
    ['2004 First EditionsMail-In', '2004 First Editions', 'Mail-In'],
  ])('%j → series %j, category %j', (cell, series, category) => {
    expect(normalized({ series: cell })).toMatchObject({ series, category });
  });

  it('peels off several stacked badges', () => {
    expect(normalized({ series: 'HW Art CarsNew in MainlineWalmart Exclusive' })).toMatchObject({
      series: 'HW Art Cars',
      category: 'Walmart Exclusive',
      huntType: null,
    });
    expect(normalized({ series: "Red EditionTarget ExclusiveRyu's Rides" })).toMatchObject({
      series: 'Red Edition',
      category: 'Target Exclusive',
    });
    expect(normalized({ series: "Street BeastsTreasure HuntRyu's Rides" })).toMatchObject({
      series: 'Street Beasts',
      huntType: 'TH',
    });
  });

  it.each([
    ['All StarsNew in Mainline', 'All Stars'],
    ['2001 Hippie Mobiles Series\nNew in Mainline', '2001 Hippie Mobiles Series'],
    ['2006 Open Stock\nNew In Mainline', '2006 Open Stock'],
    ['BMW New for 2016!!', 'BMW'],
    ['HW Exotics < New for2016!!', 'HW Exotics'],
    ['HW Glow WheelsNew for 2016', 'HW Glow Wheels'],
    ['Future FleetNew Model', 'Future Fleet'],
    ['Twenty+Faster Than Ever', 'Twenty+'],
    ['Street Beasts Year of the Dog', 'Street Beasts'],
    ['HW FlamesLeap Year', 'HW Flames'],
    ['2005 Hot Wheels⅞⁸<', '2005 Hot Wheels'],
    ['2005 First Editions -RealistixFaster Than Ever', '2005 First Editions - Realistix'],
  ])('strips the non-catalogue badge or debris in %j', (cell, series) => {
    expect(normalized({ series: cell })).toMatchObject({ series, huntType: null, category: null });
  });

  it('keeps a badge that is the whole series name', () => {
    expect(normalized({ series: 'Treasure Hunt' })).toMatchObject({
      series: 'Treasure Hunt',
      huntType: 'TH',
    });
    expect(normalized({ series: 'Super Treasure HuntNew in Mainline' })).toMatchObject({
      series: 'Super Treasure Hunt',
      huntType: 'STH',
    });
    expect(normalized({ series: 'Faster Than Ever' }).series).toBe('Faster Than Ever');
    expect(normalized({ series: 'New Model' }).series).toBe('New Model');
  });

  it('keeps only the series of an occasion-suffixed series, and its hunt badge', () => {
    expect(normalized({ series: "HW Celebration RacersValentine's Day" })).toMatchObject({
      series: 'HW Celebration Racers',
      huntType: null,
    });
    expect(
      normalized({ series: 'HW Celebration RacersTreasure HuntHappy Birthday!' }),
    ).toMatchObject({ series: 'HW Celebration Racers', huntType: 'TH' });
  });

  it('marks series that are treasure hunt series', () => {
    for (const series of [
      '1995 Treasure Hunts',
      'Treasure Hunts',
      '2006 Treasure Hunts Series',
      'T-Hunt',
    ]) {
      expect(normalized({ series })).toMatchObject({ series, huntType: 'TH' });
    }
    expect(normalized({ series: 'Super Treasure Hunt' }).huntType).toBe('STH');
    expect(normalized({ series: 'Scavenger Hunt' }).huntType).toBeNull();
  });

  it('keeps a retailer that is part of the series name, as the category too', () => {
    const car = normalized({ series: "2001 Sam's Club Exclusive", col_num: 'N/A' });
    expect(car).toMatchObject({
      series: "2001 Sam's Club Exclusive",
      category: "Sam's Club Exclusive",
      type: 'Exclusive',
    });
  });

  it('treats placeholder series as unknown but keeps their badges', () => {
    expect(normalized({ series: 'TBDTreasure Hunt' })).toMatchObject({
      series: null,
      huntType: 'TH',
    });
    expect(normalized({ series: 'N/A', toy_num: 'X1' }).series).toBeNull();
  });

  it('reads a colour shifted into the series column as the colour', () => {
    const car = normalized({ series: 'Red/Chrome', series_num: '7SP', year: '1995' });
    expect(car).toMatchObject({ series: null, seriesNumber: null, color: 'Red/Chrome' });
    expect(normalized({ series: 'Red Edition' }).series).toBe('Red Edition');
  });
});

describe('normalizeWikiRecord: invisible characters', () => {
  it('removes zero-width spaces, BOMs and direction marks from every string field', () => {
    const car = normalized({
      toy_num: '\uFEFF13609',
      col_num: '343\u200B',
      model: 'Sol-Aire CX-4\u200E',
      series: '2000 Hot Wheels\u200B',
      series_num: '1/12\u200B',
      color: 'Blue\u200B\u200B',
    });
    expect(car).toMatchObject({
      toyNumber: '13609',
      collectorNumber: '343',
      name: 'Sol-Aire CX-4',
      series: '2000 Hot Wheels',
      seriesNumber: '1/12',
      color: 'Blue',
    });
    expect(JSON.stringify(car)).not.toMatch(/[\u200B\u200E\uFEFF]/);
  });

  it('straightens typographic apostrophes so the same casting reads the same', () => {
    expect(normalized({ model: '’58 Corvette' }).name).toBe("'58 Corvette");
  });
});

describe('normalizeWikiRecord: series number', () => {
  it.each([
    ['3/10', '3/10'],
    ['09/12', '9/12'],
    ['01/01', '1/1'],
    ['1A/4', '1A/4'],
    ['0/5', '0/5'],
    ['66', '66'],
  ])('keeps the printed position %j as %j', (raw, expected) => {
    expect(normalized({ series_num: raw }).seriesNumber).toBe(expected);
  });

  it.each([
    'N/A',
    'No #',
    'No #\u200B',
    'Unknown',
    'Unnumbered',
    '?/10',
    '5SP',
    'LIV42DA',
    'Mod Shop',
    '2024 RLC Exclusive',
  ])('drops %j', (raw) => {
    expect(normalized({ series_num: raw }).seriesNumber).toBeNull();
  });

  it('is null when the column is missing', () => {
    expect(normalized({ series_num: undefined }).seriesNumber).toBeNull();
  });
});

describe('normalizeWikiRecord: toy and collector numbers, image, colour', () => {
  it.each(['Unknown', 'N/A', '30,000', '25,000+', '30,000 produced', 'Made-to-order'])(
    'reads toy number %j as unknown',
    (raw) => {
      expect(normalized({ toy_num: raw }).toyNumber).toBeNull();
    },
  );

  it('drops a stray non-ASCII letter typed after a toy number', () => {
    expect(normalized({ toy_num: 'G6840á' }).toyNumber).toBe('G6840');
  });

  it.each(['No #', 'N/A', '1/5'])('reads collector number %j as none', (raw) => {
    expect(normalized({ col_num: raw }).collectorNumber).toBeNull();
  });

  it.each([
    'N/A',
    NO_PHOTO,
    'not a url',
    // The page's CSP could not allow these hosts, so the photo would never load.
    'https://evil.example;sandbox/a.jpg',
    "https://evil.example;script-src'unsafe-inline'/a.jpg",
  ])('reads image %j as none', (raw) => {
    expect(normalized({ photo_url: raw }).image).toBeNull();
  });

  it('reads colour "N/A" as unknown', () => {
    expect(normalized({ color: 'N/A' }).color).toBeNull();
  });
});

describe('normalizeWikiRecord: type', () => {
  it('is Mainline when the record has a collector number', () => {
    expect(normalized({ series: 'Muscle ManiaKmart Exclusive' }).type).toBe('Mainline');
  });

  it('is Exclusive for a retailer exclusive without a collector number', () => {
    expect(normalized({ series: 'Scavenger HuntKroger Exclusive', col_num: 'No #' }).type).toBe(
      'Exclusive',
    );
  });

  it.each([
    'Car culture',
    'Car culture 2025',
    'Boulevard',
    'Elite 64',
    'Fast & Furious Premium Series',
    'RLC Exclusive Release',
    '2024 RLC sELECTIONs Series',
    '2023 Red Line Club Membership',
  ])('is Premium for the %j line', (series) => {
    expect(normalized({ series, col_num: undefined }).type).toBe('Premium');
  });

  it('is Premium even where the collector column repeats the position', () => {
    const car = normalized({ series: 'Fast & Furious Premium Series', col_num: '1/5' });
    expect(car).toMatchObject({ type: 'Premium', collectorNumber: null, seriesNumber: '5/10' });
  });

  it('is Series otherwise', () => {
    expect(normalized({ series: 'Red Edition', col_num: 'No #' }).type).toBe('Series');
  });
});

describe('normalizeWikiRecord: skipped records', () => {
  it('skips the repeated table header rows', () => {
    expect(
      skipReason({
        toy_num: 'Toy #',
        col_num: 'Col. #',
        model: 'Model Name',
        series: 'Series',
        series_num: 'Series #',
        photo_url: 'N/A',
      }),
    ).toBe(WIKI_SKIP_REASONS.headerRow);
    expect(skipReason({ toy_num: 'Toy #', col_num: 'Col.#', model: 'Model Name' })).toBe(
      'header row',
    );
  });

  it('skips a record without a model', () => {
    expect(skipReason({ model: undefined })).toBe(WIKI_SKIP_REASONS.missingModel);
    expect(skipReason({ model: ' \u200B ' })).toBe(WIKI_SKIP_REASONS.missingModel);
  });

  it('skips a record whose year is not a year', () => {
    expect(skipReason({ year: 'c. 2003' })).toMatch(/^unparseable year/);
    expect(skipReason({ year: undefined })).toMatch(/^unparseable year/);
    expect(skipReason({ year: '1066' })).toMatch(/^unparseable year/);
  });

  it('skips Fast & Furious Series rows dated before the series existed, not later ones', () => {
    const fastAndFurious = {
      series: 'Fast & Furious Series',
      toy_num: 'Y2127',
      col_num: undefined,
    };
    expect(skipReason({ ...fastAndFurious, year: '1995' })).toBe(
      WIKI_SKIP_REASONS.yearBeforeSeries,
    );
    expect(normalized({ ...fastAndFurious, year: '2013' }).year).toBe(2013);
  });

  it('skips a column-shifted row whose model is a table label', () => {
    expect(skipReason({ toy_num: 'Amphicar', model: 'Base code(s):', series: 'Boulevard' })).toBe(
      WIKI_SKIP_REASONS.tableLabel,
    );
  });

  it('skips navigation text that has no catalogue column at all', () => {
    expect(
      skipReason({
        toy_num: 'N/A',
        col_num: undefined,
        model: 'HotWheelsCollectors.com Cars By Series',
        series: 'N/A',
        series_num: 'N/A',
        photo_url: 'N/A',
        color: 'N/A',
      }),
    ).toBe(WIKI_SKIP_REASONS.navigationText);
  });

  it('skips anything that is not an object', () => {
    expect(normalizeWikiRecord(null)).toEqual({ ok: false, reason: 'not an object' });
    expect(normalizeWikiRecord(['Toy #'])).toEqual({ ok: false, reason: 'not an object' });
  });

  it('skips a record the catalogue schema rejects, saying why', () => {
    expect(skipReason({ model: 'x'.repeat(201) })).toMatch(/^invalid: name:/);
  });
});
