import { describe, expect, it } from 'vitest';
import { checkImportFile, filePaths, IMPORT_MAX_BYTES, reasonLines } from './file-paths';

describe('import file checks (spec §5)', () => {
  it('accepts xls and xlsx up to 5 MB', () => {
    expect(checkImportFile({ name: 'a.xlsx', size: 10 })).toBeNull();
    expect(checkImportFile({ name: 'B.XLS', size: IMPORT_MAX_BYTES })).toBeNull();
  });
  it('refuses other types and larger files', () => {
    expect(checkImportFile({ name: 'a.csv', size: 10 })).toBe('importDialog.wrongType');
    expect(checkImportFile({ name: 'a.xlsx.exe', size: 10 })).toBe('importDialog.wrongType');
    expect(checkImportFile({ name: 'a.xlsx', size: IMPORT_MAX_BYTES + 1 })).toBe('importDialog.tooLarge');
  });
  it('names the module file endpoints', () => {
    expect(filePaths('customer')).toEqual({
      template: '/api/customer/template',
      importFile: '/api/customer/importFile',
      export: '/api/customer/export',
    });
  });
});

describe('import reason lines', () => {
  it('splits a reason listing several rows', () => {
    expect(reasonLines('Import failed: Row 3: meterId: Required; Row 7: type: invalid')).toEqual([
      'Import failed: Row 3: meterId: Required',
      'Row 7: type: invalid',
    ]);
    expect(reasonLines('Row 2: a\nRow 4: b')).toEqual(['Row 2: a', 'Row 4: b']);
    // The lead sentence the dialog's title already says is not repeated.
    expect(
      reasonLines(
        'Nothing was imported. Row 2, column "Meter Type": "Steam" is not accepted; accepted values: 0 (Electricity), 1 (Water); Row 4, column "Meter Id": a value is required',
      ),
    ).toEqual([
      'Row 2, column "Meter Type": "Steam" is not accepted; accepted values: 0 (Electricity), 1 (Water)',
      'Row 4, column "Meter Id": a value is required',
    ]);
    expect(reasonLines('The imported file has duplicate lines')).toEqual([
      'The imported file has duplicate lines',
    ]);
  });
});
