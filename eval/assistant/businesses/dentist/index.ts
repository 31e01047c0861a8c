import { EVAL_NOW, type EvalBusiness } from '../../fixture';
import { seedThroughApi } from '../../seed';
import { DENTIST } from './business';
import { HOLDOUT } from './holdout';

/** A seventh business written blind: every case is held out, none is tuned on. */
export const dentist: EvalBusiness = {
  key: 'dentist',
  name: 'Harbourside Dental, Plymouth',
  now: EVAL_NOW,
  seed: (db) => seedThroughApi(db, DENTIST, EVAL_NOW),
  tune: [],
  holdout: HOLDOUT,
};
