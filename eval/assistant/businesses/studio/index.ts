import { EVAL_NOW, type EvalBusiness } from '../../fixture';
import { seedThroughApi } from '../../seed';
import { STUDIO } from './business';
import { HOLDOUT } from './holdout';
import { TUNE } from './tune';

export const studio: EvalBusiness = {
  key: 'studio',
  name: 'Kestrel Studio (Pilates and yoga), Brighton',
  now: EVAL_NOW,
  seed: (db) => seedThroughApi(db, STUDIO, EVAL_NOW),
  tune: TUNE,
  holdout: HOLDOUT,
};
