/**
 * Imported first by benchmarks that load React in their own process: React, react-dom and
 * React Router choose their development or production builds from NODE_ENV when first
 * imported, and static imports run before a script's own first line. `npm start` runs in
 * production; a benchmark measuring the development builds measures prop-type warnings.
 */
process.env.NODE_ENV ??= 'production';
