import 'reflect-metadata';
import { bootstrap } from '@vnfm/platform';
import { startStandalone } from './standalone';

void bootstrap('vnfm', startStandalone);
