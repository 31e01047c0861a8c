import { EVAL_NOW, type EvalBusiness } from '../../fixture';
import { seedThroughApi } from '../../seed';
import { TATTOO } from './business';
import { HOLDOUT } from './holdout';
import { TUNE } from './tune';

export const tattoo: EvalBusiness = {
  key: 'tattoo',
  name: 'Black Anchor Tattoo, Cardiff',
  now: EVAL_NOW,
  seed: (db) => seedThroughApi(db, TATTOO, EVAL_NOW),
  tune: TUNE,
  holdout: HOLDOUT,
};
