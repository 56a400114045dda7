export { describeStepProtocolConformance } from './testing/step-protocol.conformance';
export { ConformanceSteps, type ConformanceMode } from './testing/conformance-steps';
