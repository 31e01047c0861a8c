import { EVAL_NOW, type EvalBusiness } from '../../fixture';
import { seedThroughApi } from '../../seed';
import { REMOVALS } from './business';
import { HOLDOUT } from './holdout';
import { TUNE } from './tune';

export const removals: EvalBusiness = {
  key: 'removals',
  name: 'Kestrel Removals, Sheffield',
  now: EVAL_NOW,
  seed: (db) => seedThroughApi(db, REMOVALS, EVAL_NOW),
  tune: TUNE,
  holdout: HOLDOUT,
};
