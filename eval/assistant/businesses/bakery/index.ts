import { EVAL_NOW, type EvalBusiness } from '../../fixture';
import { seedThroughApi } from '../../seed';
import { BAKERY } from './business';
import { HOLDOUT } from './holdout';
import { CALLERS } from './callers';
import { TUNE } from './tune';

export const bakery: EvalBusiness = {
  key: 'bakery',
  name: "Rossi's Bakery, Bristol",
  now: EVAL_NOW,
  seed: (db) => seedThroughApi(db, BAKERY, EVAL_NOW),
  tune: [...TUNE, ...CALLERS],
  holdout: HOLDOUT,
};
