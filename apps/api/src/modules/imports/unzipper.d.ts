// The part of unzipper 0.10's API the import's zip-bomb guard uses (read-file.ts): the sequential parser exceljs
// reads an .xlsx with. The package ships no types.
declare module 'unzipper' {
  import type { Duplex, PassThrough } from 'node:stream';

  namespace unzipper {
    interface Entry extends PassThrough {
      path: string;
      type: 'File' | 'Directory';
      autodrain(): unknown;
    }
    /** Emits 'entry' for each file of the zip as it reads it; each entry must be read or drained. */
    function Parse(options?: { forceStream?: boolean; verbose?: boolean }): Duplex;
  }
  export = unzipper;
}
