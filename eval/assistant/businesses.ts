import { bakery } from './businesses/bakery/index';
import { cafe } from './businesses/cafe/index';
import { dentist } from './businesses/dentist/index';
import { driving } from './businesses/driving/index';
import { electrician } from './businesses/electrician/index';
import { florist } from './businesses/florist/index';
import { garage } from './businesses/garage/index';
import { groomer } from './businesses/groomer/index';
import { guesthouse } from './businesses/guesthouse/index';
import { physio } from './businesses/physio/index';
import { removals } from './businesses/removals/index';
import { salon } from './businesses/salon/index';
import { studio } from './businesses/studio/index';
import { tattoo } from './businesses/tattoo/index';
import { vet } from './businesses/vet/index';
import { CASES, EVAL_NOW, type EvalBusiness } from './fixture';
import { seedEvalBusiness } from './seed-plumber';

/** Hartley Plumbing & Heating: every case was tuned on before the split existed, so none is held out. */
export const plumber: EvalBusiness = {
  key: 'plumber',
  name: 'Hartley Plumbing & Heating, Leeds',
  now: EVAL_NOW,
  seed: seedEvalBusiness,
  tune: CASES,
  holdout: [],
};

export {
  bakery,
  cafe,
  dentist,
  driving,
  electrician,
  florist,
  garage,
  groomer,
  guesthouse,
  physio,
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
];
