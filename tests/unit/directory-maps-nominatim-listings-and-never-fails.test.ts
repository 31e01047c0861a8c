import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDirectory } from '#api/services/directory';

const BASE = 'https://directory.test/nominatim';
const server = setupServer();
const requests: URL[] = [];

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  requests.length = 0;
});
afterAll(() => server.close());

/** Two Nominatim jsonv2 results: one with a name and a phone, one with only a display name. */
const places = [
  {
    place_id: 1,
    name: 'Corner Café',
    display_name: 'Corner Café, 1 High Street, London, Greater London, England, W1 1AA, United Kingdom',
    category: 'amenity',
    type: 'cafe',
    address: {
      amenity: 'Corner Café',
      road: 'High Street',
      city: 'London',
      country: 'United Kingdom',
      country_code: 'gb',
    },
    extratags: { phone: '+44 20 7123 4567', website: 'https://corner.example' },
  },
  {
    place_id: 2,
    name: '',
    display_name: 'Bäckerei Schmidt, Hauptstraße 5, Berlin, Deutschland',
    address: { country_code: 'de' },
    extratags: { 'contact:phone': '+49 (30) 123-456' },
  },
  { place_id: 3, display_name: 'Somewhere', address: {} },
];

describe('createDirectory (Nominatim-compatible search)', () => {
  it('maps jsonv2 results to listings: name, upper-case country, digits-only telephone, address', async () => {
    server.use(
      http.get(`${BASE}/search`, ({ request }) => {
        requests.push(new URL(request.url));
        return HttpResponse.json(places);
      }),
    );
    const listings = await createDirectory(BASE).search('corner cafe');
    expect(listings).toEqual([
      { name: 'Corner Café', country: 'GB', telephone: '+442071234567', address: places[0].display_name },
      { name: 'Bäckerei Schmidt', country: 'DE', telephone: '+4930123456', address: places[1].display_name },
      { name: 'Somewhere', country: null, telephone: null, address: 'Somewhere' },
    ]);
    expect(requests).toHaveLength(1);
    expect(requests[0].searchParams.get('q')).toBe('corner cafe');
    expect(requests[0].searchParams.get('format')).toBe('jsonv2');
    expect(requests[0].searchParams.get('extratags')).toBe('1');
    expect(requests[0].searchParams.get('addressdetails')).toBe('1');
  });

  it('works with or without a trailing slash on the base URL', async () => {
    server.use(http.get(`${BASE}/search`, () => HttpResponse.json([])));
    expect(await createDirectory(`${BASE}/`).search('x')).toEqual([]);
    expect(await createDirectory(BASE).search('x')).toEqual([]);
  });

  it('returns [] when the service answers an error status', async () => {
    server.use(http.get(`${BASE}/search`, () => HttpResponse.json({ error: 'down' }, { status: 503 })));
    expect(await createDirectory(BASE).search('anything')).toEqual([]);
  });

  it('returns [] on a network failure', async () => {
    server.use(http.get(`${BASE}/search`, () => HttpResponse.error()));
    expect(await createDirectory(BASE).search('anything')).toEqual([]);
  });

  it('returns [] when the answer is not JSON', async () => {
    server.use(
      http.get(
        `${BASE}/search`,
        () => new HttpResponse('<html>oops</html>', { headers: { 'content-type': 'text/html' } }),
      ),
    );
    expect(await createDirectory(BASE).search('anything')).toEqual([]);
  });

  it('returns [] without any request when no URL is configured', async () => {
    expect(await createDirectory(undefined).search('anything')).toEqual([]);
  });

  it('uses an injected fetch when given one', async () => {
    const seen: string[] = [];
    const fetchStub = (async (input: RequestInfo | URL) => {
      seen.push(String(input));
      return new Response(JSON.stringify([places[0]]), { headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    const listings = await createDirectory('https://stub.test', fetchStub).search('Corner');
    expect(listings).toHaveLength(1);
    expect(seen[0]).toMatch(/^https:\/\/stub\.test\/search\?q=Corner&format=jsonv2/);
  });
});
