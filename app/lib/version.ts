/**
 * Compare dotted versions ("1.10.0" > "1.9.2"); a pre-release ("1.2.0-beta") is older than
 * its release. Anything unparsable compares as equal, so a bad header never nags anyone.
 */
export function compareVersions(a: string, b: string): number {
  const parse = (v: string) => {
    const match = /^v?(\d+(?:\.\d+)*)(?:-([0-9A-Za-z.-]+))?(?:\+.*)?$/.exec(v.trim());
    if (!match) return null;
    return { parts: match[1].split('.').map(Number), pre: match[2] ?? null };
  };
  const x = parse(a);
  const y = parse(b);
  if (!x || !y) return 0;
  for (let i = 0; i < Math.max(x.parts.length, y.parts.length); i++) {
    const diff = (x.parts[i] ?? 0) - (y.parts[i] ?? 0);
    if (diff !== 0) return Math.sign(diff);
  }
  if (x.pre === y.pre) return 0;
  if (x.pre === null) return 1;
  if (y.pre === null) return -1;
  return x.pre < y.pre ? -1 : 1;
}

export function isOlderVersion(running: string, latest: string): boolean {
  return compareVersions(running, latest) < 0;
}
