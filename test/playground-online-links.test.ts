/**
 * The playground's links of an online match (playground/src/run/online-client.ts): a seat's link
 * and a replay's round-trip through the page's address; a link names its server only when it is
 * not the page's own; the server field takes an address as people type it; a hand-made or damaged
 * link is refused rather than used (a token or match id of the wrong shape, a server that is not
 * http). Run in Node with the page's `location` set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkHash, linkUrl, readLink, serverOrigin } from '../playground/src/run/online-client.ts';

const page = 'http://127.0.0.1:8080';
const had = (globalThis as { location?: unknown }).location;
beforeAll(() => {
  (globalThis as { location?: unknown }).location = new URL(`${page}/`);
});
afterAll(() => {
  (globalThis as { location?: unknown }).location = had;
});

const token = 'hE0TqK3w7b_ZrYv-9mC1aD2xL5nP8sU4';

describe('Play online links', () => {
  it('a seat link on the page’s own server carries only the token and the game; on another server, its address too', () => {
    expect(linkHash({ kind: 'seat', token, server: page, game: 'trump' })).toBe(`#online=${token}&game=trump`);
    const other = linkHash({ kind: 'seat', token, server: 'http://localhost:8081', game: 'trump' });
    expect(other).toBe(`#online=${token}&server=http%3A%2F%2Flocalhost%3A8081&game=trump`);
    expect(linkUrl({ kind: 'seat', token, server: page, game: null })).toBe(`${page}/#online=${token}`);
  });

  it('reads back what it writes: seat and replay links', () => {
    for (const link of [
      { kind: 'seat', token, server: page, game: 'trump' },
      { kind: 'seat', token, server: 'http://localhost:8081', game: null },
      { kind: 'replay', match: '5BvPCmhU3SHN', server: 'https://playtest.example', game: 'spimate' },
    ] as const) {
      expect(readLink(linkHash(link))).toEqual(link);
    }
  });

  it('refuses a link whose token, match or game has the wrong shape, and ignores other hashes', () => {
    expect(readLink('#online=short')).toBeNull();
    expect(readLink('#online=has%20a%20space%20in%20it')).toBeNull();
    expect(readLink('#replay=../../etc')).toBeNull();
    expect(readLink(`#online=${token}&game=../x`)).toEqual({ kind: 'seat', token, server: page, game: null });
    expect(readLink('#share=abc')).toBeNull();
    expect(readLink('')).toBeNull();
  });

  it('takes a server address as people type it; an address that is not http(s) falls back to the page’s own', () => {
    expect(serverOrigin('')).toBe(page);
    expect(serverOrigin('localhost:8080')).toBe('http://localhost:8080');
    expect(serverOrigin(' http://host.example:9000/some/path ')).toBe('http://host.example:9000');
    expect(serverOrigin('https://playtest.example')).toBe('https://playtest.example');
    expect(serverOrigin('javascript:alert(1)')).toBeNull();
    expect(serverOrigin('ftp://files.example')).toBeNull();
    expect(readLink(`#online=${token}&server=javascript%3Aalert(1)`)).toEqual({ kind: 'seat', token, server: page, game: null });
  });
});
