import { EVAL_NOW, type EvalBusiness } from '../../fixture';
import { seedThroughApi } from '../../seed';
import { PHYSIO } from './business';
import { HOLDOUT } from './holdout';
import { TUNE } from './tune';

export const physio: EvalBusiness = {
  key: 'physio',
  name: 'Riverside Physio, Norwich',
  now: EVAL_NOW,
  seed: (db) => seedThroughApi(db, PHYSIO, EVAL_NOW),
  tune: TUNE,
  holdout: HOLDOUT,
};
