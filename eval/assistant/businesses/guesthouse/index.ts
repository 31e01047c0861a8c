import { EVAL_NOW, type EvalBusiness } from '../../fixture';
import { seedThroughApi } from '../../seed';
import { GUESTHOUSE } from './business';
import { HOLDOUT } from './holdout';
import { TUNE } from './tune';

export const guesthouse: EvalBusiness = {
  key: 'guesthouse',
  name: 'Latrigg View Guest House, Keswick',
  now: EVAL_NOW,
  seed: (db) => seedThroughApi(db, GUESTHOUSE, EVAL_NOW),
  tune: TUNE,
  holdout: HOLDOUT,
};
