import { EVAL_NOW, type EvalBusiness } from '../../fixture';
import { seedThroughApi } from '../../seed';
import { ELECTRICIAN } from './business';
import { HOLDOUT } from './holdout';
import { CALLERS } from './callers';
import { TUNE } from './tune';

export const electrician: EvalBusiness = {
  key: 'electrician',
  name: 'Brightwire Electrical, Manchester',
  now: EVAL_NOW,
  seed: (db) => seedThroughApi(db, ELECTRICIAN, EVAL_NOW),
  tune: [...TUNE, ...CALLERS],
  holdout: HOLDOUT,
};
