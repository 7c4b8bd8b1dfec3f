/**
 * Side-effect module: imported by vanilla-bgio.ts *before* boardgame.io, because boardgame.io
 * reads NODE_ENV when it loads (its INFO logger) and on every move (its dev-only "is G
 * JSON-serialisable" check). The baseline runs the framework as it would run in production.
 * An explicit NODE_ENV set by the caller is left alone.
 */
process.env.NODE_ENV ??= 'production';
