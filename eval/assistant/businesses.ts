import { accountant } from './businesses/accountant/index';
import { bakery } from './businesses/bakery/index';
import { cafe } from './businesses/cafe/index';
import { dentist } from './businesses/dentist/index';
import { driving } from './businesses/driving/index';
import { electrician } from './businesses/electrician/index';
import { florist } from './businesses/florist/index';
import { garage } from './businesses/garage/index';
import { groomer } from './businesses/groomer/index';
import { guesthouse } from './businesses/guesthouse/index';
import { locksmith } from './businesses/locksmith/index';
import { pest } from './businesses/pest/index';
import { party } from './businesses/party/index';
import { physio } from './businesses/physio/index';
import { plumber } from './businesses/plumber/index';
import { removals } from './businesses/removals/index';
import { salon } from './businesses/salon/index';
import { studio } from './businesses/studio/index';
import { tattoo } from './businesses/tattoo/index';
import { vet } from './businesses/vet/index';
import type { EvalBusiness } from './fixture';

export {
  accountant,
  bakery,
  cafe,
  dentist,
  driving,
  electrician,
  florist,
  garage,
  groomer,
  guesthouse,
  locksmith,
  party,
  pest,
  physio,
  plumber,
  removals,
  salon,
  studio,
  tattoo,
  vet,
};

export const BUSINESSES: EvalBusiness[] = [
  plumber,
  bakery,
  salon,
  electrician,
  groomer,
  garage,
  dentist,
  physio,
  driving,
  cafe,
  removals,
  vet,
  guesthouse,
  studio,
  florist,
  tattoo,
  accountant,
  pest,
  locksmith,
  party,
];
