package dev.weir.runtime;

/**
 * A source instance that the application's thread feeds through a publisher: a task without a
 * thread of its own, whose duty cycle (periodic watermarks, idleness, timers, checkpoint
 * barriers) the deterministic scheduler runs with the other tasks, and the threaded one only
 * inside {@link dev.weir.runtime.threaded.RunningPipeline#advanceTo} (otherwise the publisher's own calls do that work).
 * Single-threaded: the publishing thread.
 */
public interface PublisherFedTask extends PipelineTask {
    /**
     * Connects the publisher to the task's emission path; the scheduler calls it once, before the first publish.
     *
     * @param wait what the publisher does while its rings are full, and after each call
     */
    void connect(PublisherWait wait);

    /**
     * Moves what its full rings could not take (what its last duty cycle emitted beyond them).
     *
     * @return true when its output holds nothing back
     */
    boolean drainOutput();
}
