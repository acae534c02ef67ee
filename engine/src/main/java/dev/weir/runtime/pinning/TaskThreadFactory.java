package dev.weir.runtime.pinning;

/** Makes the thread of each task; an implementation may pin it to a CPU. */
@FunctionalInterface
public interface TaskThreadFactory {
    /**
     * @param body what the thread runs
     * @param roleName the task's name
     * @param index the task's index in the pipeline
     * @return a new, unstarted thread
     */
    Thread newThread(Runnable body, String roleName, int index);

    /** Plain daemon threads named {@code weir-<task>}, not pinned. */
    TaskThreadFactory DEFAULT = (body, roleName, index) -> {
        final Thread thread = new Thread(body, "weir-" + roleName);
        thread.setDaemon(true);
        return thread;
    };
}
