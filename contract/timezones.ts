/**
 * The timezones a business picks from, by city (nobody should have to type an IANA
 * name). Written out from Node's Intl.supportedValuesOf('timeZone') (ICU 78.2,
 * tz 2025c) rather than computed: browsers answer that call differently
 * (Chromium's Asia/Calcutta is Firefox's Asia/Kolkata), and server and browser must render the
 * same list. Any name Intl accepts is still valid (contract/countries.ts isValidTimezone).
 */

/** Each region's zones in Intl's order: the names after the region, separated by spaces. */
const ZONES_BY_REGION: readonly (readonly [region: string, names: string])[] = [
  [
    'Africa',
    `Abidjan Accra Addis_Ababa Algiers Asmera Bamako Bangui Banjul Bissau Blantyre Brazzaville Bujumbura
     Cairo Casablanca Ceuta Conakry Dakar Dar_es_Salaam Djibouti Douala El_Aaiun Freetown Gaborone Harare
     Johannesburg Juba Kampala Khartoum Kigali Kinshasa Lagos Libreville Lome Luanda Lubumbashi Lusaka Malabo
     Maputo Maseru Mbabane Mogadishu Monrovia Nairobi Ndjamena Niamey Nouakchott Ouagadougou Porto-Novo
     Sao_Tome Tripoli Tunis Windhoek`,
  ],
  [
    'America',
    `Adak Anchorage Anguilla Antigua Araguaina Argentina/La_Rioja Argentina/Rio_Gallegos Argentina/Salta
     Argentina/San_Juan Argentina/San_Luis Argentina/Tucuman Argentina/Ushuaia Aruba Asuncion Bahia
     Bahia_Banderas Barbados Belem Belize Blanc-Sablon Boa_Vista Bogota Boise Buenos_Aires Cambridge_Bay
     Campo_Grande Cancun Caracas Catamarca Cayenne Cayman Chicago Chihuahua Ciudad_Juarez Coral_Harbour
     Cordoba Costa_Rica Coyhaique Creston Cuiaba Curacao Danmarkshavn Dawson Dawson_Creek Denver Detroit
     Dominica Edmonton Eirunepe El_Salvador Fort_Nelson Fortaleza Glace_Bay Godthab Goose_Bay Grand_Turk
     Grenada Guadeloupe Guatemala Guayaquil Guyana Halifax Havana Hermosillo Indiana/Knox Indiana/Marengo
     Indiana/Petersburg Indiana/Tell_City Indiana/Vevay Indiana/Vincennes Indiana/Winamac Indianapolis Inuvik
     Iqaluit Jamaica Jujuy Juneau Kentucky/Monticello Kralendijk La_Paz Lima Los_Angeles Louisville
     Lower_Princes Maceio Managua Manaus Marigot Martinique Matamoros Mazatlan Mendoza Menominee Merida
     Metlakatla Mexico_City Miquelon Moncton Monterrey Montevideo Montserrat Nassau New_York Nome Noronha
     North_Dakota/Beulah North_Dakota/Center North_Dakota/New_Salem Ojinaga Panama Paramaribo Phoenix
     Port-au-Prince Port_of_Spain Porto_Velho Puerto_Rico Punta_Arenas Rankin_Inlet Recife Regina Resolute
     Rio_Branco Santarem Santiago Santo_Domingo Sao_Paulo Scoresbysund Sitka St_Barthelemy St_Johns St_Kitts
     St_Lucia St_Thomas St_Vincent Swift_Current Tegucigalpa Thule Tijuana Toronto Tortola Vancouver
     Whitehorse Winnipeg Yakutat`,
  ],
  ['Antarctica', `Casey Davis DumontDUrville Macquarie Mawson McMurdo Palmer Rothera Syowa Troll Vostok`],
  ['Arctic', `Longyearbyen`],
  [
    'Asia',
    `Aden Almaty Amman Anadyr Aqtau Aqtobe Ashgabat Atyrau Baghdad Bahrain Baku Bangkok Barnaul Beirut
     Bishkek Brunei Calcutta Chita Colombo Damascus Dhaka Dili Dubai Dushanbe Famagusta Gaza Hebron Hong_Kong
     Hovd Irkutsk Jakarta Jayapura Jerusalem Kabul Kamchatka Karachi Katmandu Khandyga Krasnoyarsk
     Kuala_Lumpur Kuching Kuwait Macau Magadan Makassar Manila Muscat Nicosia Novokuznetsk Novosibirsk Omsk
     Oral Phnom_Penh Pontianak Pyongyang Qatar Qostanay Qyzylorda Rangoon Riyadh Saigon Sakhalin Samarkand
     Seoul Shanghai Singapore Srednekolymsk Taipei Tashkent Tbilisi Tehran Thimphu Tokyo Tomsk Ulaanbaatar
     Urumqi Ust-Nera Vientiane Vladivostok Yakutsk Yekaterinburg Yerevan`,
  ],
  ['Atlantic', `Azores Bermuda Canary Cape_Verde Faeroe Madeira Reykjavik South_Georgia St_Helena Stanley`],
  ['Australia', `Adelaide Brisbane Broken_Hill Darwin Eucla Hobart Lindeman Lord_Howe Melbourne Perth Sydney`],
  [
    'Europe',
    `Amsterdam Andorra Astrakhan Athens Belgrade Berlin Bratislava Brussels Bucharest Budapest Busingen
     Chisinau Copenhagen Dublin Gibraltar Guernsey Helsinki Isle_of_Man Istanbul Jersey Kaliningrad Kiev
     Kirov Lisbon Ljubljana London Luxembourg Madrid Malta Mariehamn Minsk Monaco Moscow Oslo Paris Podgorica
     Prague Riga Rome Samara San_Marino Sarajevo Saratov Simferopol Skopje Sofia Stockholm Tallinn Tirane
     Ulyanovsk Vaduz Vatican Vienna Vilnius Volgograd Warsaw Zagreb Zurich`,
  ],
  ['Indian', `Antananarivo Chagos Christmas Cocos Comoro Kerguelen Mahe Maldives Mauritius Mayotte Reunion`],
  [
    'Pacific',
    `Apia Auckland Bougainville Chatham Easter Efate Enderbury Fakaofo Fiji Funafuti Galapagos Gambier
     Guadalcanal Guam Honolulu Kiritimati Kosrae Kwajalein Majuro Marquesas Midway Nauru Niue Norfolk Noumea
     Pago_Pago Palau Pitcairn Ponape Port_Moresby Rarotonga Saipan Tahiti Tarawa Tongatapu Truk Wake Wallis`,
  ],
];

export const TIMEZONES: readonly string[] = ZONES_BY_REGION.flatMap(([region, names]) =>
  names
    .trim()
    .split(/\s+/)
    .map((name) => `${region}/${name}`),
);

/** What a person reads for a zone: its city ('America/Argentina/Buenos_Aires' → 'Argentina / Buenos Aires'). */
export function timezoneCity(zone: string): string {
  const parts = zone.split('/');
  return (parts.length > 1 ? parts.slice(1) : parts).join(' / ').replace(/_/g, ' ');
}

/** The zones grouped by region (Africa, America, …) for the picker's option groups; a saved zone not in the list is kept. */
export function timezoneGroups(current?: string | null): { region: string; zones: string[] }[] {
  const zones = current && !TIMEZONES.includes(current) ? [...TIMEZONES, current] : TIMEZONES;
  const groups = new Map<string, string[]>();
  for (const zone of zones) {
    const region = zone.includes('/') ? zone.slice(0, zone.indexOf('/')) : 'Other';
    groups.set(region, [...(groups.get(region) ?? []), zone]);
  }
  return [...groups].map(([region, list]) => ({
    region,
    zones: [...list].sort((a, b) => timezoneCity(a).localeCompare(timezoneCity(b))),
  }));
}
