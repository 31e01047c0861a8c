import { EVAL_NOW, type EvalBusiness } from '../../fixture';
import { seedThroughApi } from '../../seed';
import { CAFE } from './business';
import { HOLDOUT } from './holdout';
import { TUNE } from './tune';

export const cafe: EvalBusiness = {
  key: 'cafe',
  name: 'Hazel & Rye café, York',
  now: EVAL_NOW,
  seed: (db) => seedThroughApi(db, CAFE, EVAL_NOW),
  tune: TUNE,
  holdout: HOLDOUT,
};
