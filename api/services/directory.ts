/**
 * Public business listings from a Nominatim-compatible search service (DIRECTORY_URL).
 * Used by the onboarding lookup to prefill the business form. Never required: with no
 * URL, or when the service fails or is slow, there are simply no listings.
 */
export type Listing = { name: string; country: string | null; telephone: string | null; address: string | null };
export type Directory = { search(query: string): Promise<Listing[]> };

type NominatimPlace = {
  name?: string;
  display_name?: string;
  address?: { country_code?: string };
  extratags?: { phone?: string; 'contact:phone'?: string };
};

export function createDirectory(baseUrl: string | undefined, fetchImpl: typeof fetch = fetch): Directory {
  return {
    async search(query) {
      if (!baseUrl) return [];
      const url = new URL('search', baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
      url.search = new URLSearchParams({
        q: query,
        format: 'jsonv2',
        addressdetails: '1',
        extratags: '1',
        limit: '5',
      }).toString();
      try {
        const response = await fetchImpl(url, {
          headers: { accept: 'application/json' },
          signal: AbortSignal.timeout(5000),
        });
        if (!response.ok) return [];
        const places = (await response.json()) as NominatimPlace[];
        return places.map((place) => ({
          name: place.name || place.display_name?.split(',')[0]?.trim() || query,
          country: place.address?.country_code?.toUpperCase() ?? null,
          telephone:
            (place.extratags?.phone ?? place.extratags?.['contact:phone'] ?? '').replace(/[^\d+]/g, '') || null,
          address: place.display_name ?? null,
        }));
      } catch {
        return [];
      }
    },
  };
}
