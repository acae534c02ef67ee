package dev.weir.runtime;

import org.agrona.concurrent.Agent;

/**
 * One task of a compiled pipeline, as every scheduler runs it: an Agrona {@link Agent} whose
 * {@link #doWork()} is one duty cycle. The duty-cycle contract (docs/runtime.md, "The duty-cycle
 * contract"): a duty cycle never waits, neither for input nor for room in a full output ring; it
 * does what it can, returns the amount of work done (0 when there was nothing it could do), and
 * the next cycle resumes where it stopped. A task that has ended throws
 * {@link org.agrona.concurrent.AgentTerminationException} from its next cycle. Single-threaded:
 * the scheduler's thread.
 */
public interface PipelineTask extends Agent {
    /**
     * When the task next has work without new input: its earliest processing-time timer,
     * periodic watermark emission, checkpoint or alignment update. A scheduler on a virtual
     * clock moves time to the earliest of these once the pipeline is quiescent.
     *
     * @return processing time in ms, {@link Long#MAX_VALUE} when nothing is due
     */
    long nextDueMillis();
}
