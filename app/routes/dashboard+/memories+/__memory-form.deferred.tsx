import { deferred } from '#app/components/deferred';

/** The memory and upload forms, imported by the pages from here: they load after the page (app/components/deferred.tsx). */
export const MemoryForm = deferred('memory-form', () =>
  import('#app/routes/dashboard+/memories+/__memory-form').then((module) => module.MemoryForm),
);
export const MemoryFormDialog = deferred('memory-form-dialog', () =>
  import('#app/routes/dashboard+/memories+/__memory-form').then((module) => module.MemoryFormDialog),
);
export const UploadForm = deferred('upload-form', () =>
  import('#app/routes/dashboard+/memories+/__memory-form').then((module) => module.UploadForm),
);
