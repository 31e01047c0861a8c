import { EVAL_NOW, type EvalBusiness } from '../../fixture';
import { seedThroughApi } from '../../seed';
import { VET } from './business';
import { HOLDOUT } from './holdout';
import { TUNE } from './tune';

export const vet: EvalBusiness = {
  key: 'vet',
  name: 'Millbrook Vets, Exeter',
  now: EVAL_NOW,
  seed: (db) => seedThroughApi(db, VET, EVAL_NOW),
  tune: TUNE,
  holdout: HOLDOUT,
};
