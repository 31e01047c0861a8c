import { EVAL_NOW, type EvalBusiness } from '../../fixture';
import { seedThroughApi } from '../../seed';
import { FLORIST } from './business';
import { HOLDOUT } from './holdout';
import { TUNE } from './tune';

export const florist: EvalBusiness = {
  key: 'florist',
  name: 'Thistle & Bloom (florist), Norwich',
  now: EVAL_NOW,
  seed: (db) => seedThroughApi(db, FLORIST, EVAL_NOW),
  tune: TUNE,
  holdout: HOLDOUT,
};
