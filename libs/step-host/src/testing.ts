export { describeStepProtocolConformance, type StepHostUnderTest } from './testing/step-protocol.conformance';
export { ConformanceSteps, type ConformanceMode } from './testing/conformance-steps';
