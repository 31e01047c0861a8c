import { EVAL_NOW, type EvalBusiness } from '../../fixture';
import { seedThroughApi } from '../../seed';
import { GROOMER } from './business';
import { HOLDOUT } from './holdout';
import { TUNE } from './tune';

export const groomer: EvalBusiness = {
  key: 'groomer',
  name: 'Muddy Paws Dog Grooming, Cardiff',
  now: EVAL_NOW,
  seed: (db) => seedThroughApi(db, GROOMER, EVAL_NOW),
  tune: TUNE,
  holdout: HOLDOUT,
};
