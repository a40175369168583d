import { type Atlas, loadAtlas } from '@app/atlas/atlas.ts';
import type { Place, PlacesQuery } from '@app/contracts/places.ts';

export interface PlacesService {
  /** Best matches for a validated query, best first. */
  search(query: PlacesQuery): Place[];
  /** A place by its id (what birth data may carry instead of a typed name). */
  getById(id: number): Place | undefined;
  /** Loads the atlas now rather than on the first request. */
  load(): void;
}

export interface PlacesServiceOptions {
  /** Another atlas file (tests); by default the one built into @app/atlas. */
  atlasFile?: string;
}

// The atlas is immutable, so every app in the process (tests build many) shares one copy.
let sharedAtlas: Atlas | undefined;

/** The process-wide atlas behind every default places service, loaded on first call. */
export function getSharedAtlas(): Atlas {
  sharedAtlas ??= loadAtlas();
  return sharedAtlas;
}

/**
 * Place search over the world atlas. The atlas (about 30 MB, under a second to read) is loaded on
 * first use, once, so processes that never search places never pay for it.
 */
export function createPlacesService(options: PlacesServiceOptions = {}): PlacesService {
  let own: Atlas | undefined;
  const atlas = (): Atlas => {
    if (options.atlasFile !== undefined) {
      own ??= loadAtlas(options.atlasFile);
      return own;
    }
    return getSharedAtlas();
  };
  return {
    search: ({ q, country, limit }) => atlas().search(q, { country, limit }),
    getById: (id) => atlas().getById(id),
    load: () => {
      atlas();
    },
  };
}
