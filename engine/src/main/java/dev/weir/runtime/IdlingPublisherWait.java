package dev.weir.runtime;

/**
 * The threaded scheduler's {@link PublisherWait}: the tasks make room on their own threads, so a
 * publisher whose rings are full just waits for them (until the pipeline stops, which releases
 * it with a {@link PipelineStoppedException}).
 */
final class IdlingPublisherWait implements PublisherWait {
    private final PipelineControl control;

    IdlingPublisherWait(final PipelineControl control) {
        this.control = control;
    }

    @Override
    public void awaitRoom() {
        control.checkRunning();
        Thread.onSpinWait();
    }
}
