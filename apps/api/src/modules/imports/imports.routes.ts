import { endpoints } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/route.ts';
import { caller } from '../../plugins/access.ts';
import {
  cancelImport,
  changeImportHouseholds,
  commitImport,
  getImport,
  type ImportsDeps,
  importErrorsXlsx,
  importHouseholds,
  importRows,
  listImports,
  savedImportMappings,
  setImportMapping,
  undoImport,
  uploadImport,
} from './imports.service.ts';

/** The import of an agency's book (issue 26, decision 036); the template's routes are template.routes.ts. */
export function importsRoutes(app: FastifyInstance, deps: ImportsDeps): void {
  addRoute(app, endpoints.savedImportMappings, ({ req }) => savedImportMappings(deps, caller(req)));
  addRoute(app, endpoints.listImports, ({ req }) => listImports(deps, caller(req)));
  addRoute(app, endpoints.uploadImport, ({ req }) => uploadImport(deps, caller(req), req, req.ip));
  addRoute(app, endpoints.getImport, ({ req, params }) => getImport(deps, caller(req), params.id));
  addRoute(app, endpoints.setImportMapping, ({ req, params, body }) =>
    setImportMapping(deps, caller(req), params.id, body, req.ip),
  );
  addRoute(app, endpoints.importRows, ({ req, params, query }) =>
    importRows(deps, caller(req), params.id, query),
  );
  addRoute(app, endpoints.importHouseholds, ({ req, params, query }) =>
    importHouseholds(deps, caller(req), params.id, query),
  );
  addRoute(app, endpoints.changeImportHouseholds, ({ req, params, body }) =>
    changeImportHouseholds(deps, caller(req), params.id, body, req.ip),
  );
  addRoute(app, endpoints.commitImport, ({ req, params }) =>
    commitImport(deps, caller(req), params.id, req.ip),
  );
  addRoute(app, endpoints.cancelImport, ({ req, params }) =>
    cancelImport(deps, caller(req), params.id, req.ip),
  );
  addRoute(app, endpoints.undoImport, ({ req, params }) => undoImport(deps, caller(req), params.id, req.ip));
  addRoute(app, endpoints.importErrorsXlsx, ({ req, reply, params }) =>
    importErrorsXlsx(deps, caller(req), params.id, reply, req.ip),
  );
}
