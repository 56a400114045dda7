// The step protocol (runStep, recordStepResult, abandonStep) is in @vnfm/contracts, where the services that act depend on it alone.
export {
  abandonStepMessageType,
  runStepMessageType,
  type AbandonStepMessage,
  type AbandonStepReply,
  type RunStepMessage,
  type RunStepReply,
  type StepOutcome,
} from '@vnfm/contracts';
