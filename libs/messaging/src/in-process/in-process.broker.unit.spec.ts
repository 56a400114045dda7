import { describeMessagingConformance } from '../testing';
import { InProcessBroker } from './in-process.broker';

// Every simulated "process" shares one broker, as the services of the standalone mode do.
const broker = new InProcessBroker();
describeMessagingConformance('in-process', async () => broker);
