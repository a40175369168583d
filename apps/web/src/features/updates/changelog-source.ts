// The release notes are the repository's CHANGELOG.md, bundled as text at build time.
import source from '../../../../../CHANGELOG.md?raw';

export const CHANGELOG_SOURCE: string = source;
