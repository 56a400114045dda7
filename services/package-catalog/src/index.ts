export { PackageCatalogModule } from './package-catalog.module';
