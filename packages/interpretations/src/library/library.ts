// The interpretation library: written entries in YAML files under `library/`, one file per topic
// (see the package README for the layout and the style guide). Loaded once and kept in memory;
// nothing here interprets, it only finds an entry by its keys.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const LIBRARY_DIR = fileURLToPath(new URL('../../library/', import.meta.url));

/** Every entry answers three questions: what it is about, how it may feel, what to do with it. */
export interface Reading {
  about: string;
  feel: string;
  do: string;
}

/** A natal aspect also says what a tight orb (under 1°) changes. */
export interface AspectReading extends Reading {
  tight: string;
}

export interface Variants {
  variants: Reading[];
}

/** A transit: written variants, and words for while it builds, the day it is exact, and as it eases. */
export interface TransitEntry extends Variants {
  building: string[];
  exact: string[];
  easing: string[];
}

export interface StationEntry extends Variants {
  retrograde: string[];
  direct: string[];
}

type Table<T> = Record<string, T | undefined>;

/** The parsed files, by path under `library/` without the extension ("transits/saturn"). */
export type LibraryFiles = Record<string, unknown>;

export function readLibraryFiles(dir: string = LIBRARY_DIR): LibraryFiles {
  const files: LibraryFiles = {};
  const walk = (sub: string) => {
    for (const entry of readdirSync(path.join(dir, sub), { withFileTypes: true })) {
      const relative = sub ? `${sub}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(relative);
      else if (entry.name.endsWith('.yaml'))
        files[relative.replace(/\.yaml$/, '')] = parse(readFileSync(path.join(dir, relative), 'utf8'));
    }
  };
  walk('');
  return files;
}

/** Looks an entry up by its path of keys; undefined when any step is missing. */
export function entryAt<T>(files: LibraryFiles, file: string, ...keys: string[]): T | undefined {
  let node: unknown = files[file];
  for (const key of keys) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Table<unknown>)[key];
  }
  return (node ?? undefined) as T | undefined;
}

let loaded: LibraryFiles | null = null;

/** The library of this installation, read on first use. */
export function library(): LibraryFiles {
  loaded ??= readLibraryFiles();
  return loaded;
}
