package dev.weir.jobs.scenario;

/**
 * Where the window instances of a scenario's keyed stage put their canonical lines, on their
 * way to the output: a line, a watermark passed, end of input. The deterministic scheduler
 * already runs the instances in the order their lines must come out ({@link ImmediateLines});
 * the threaded scheduler runs them on their own threads, so their lines are put back in order
 * ({@link OrderedLines}).
 */
interface InstanceLines {
    /**
     * Called on an instance's thread before it prints anything.
     *
     * @param instance the instance that runs on the calling thread
     */
    void bind(int instance);

    /** @param line printed by the instance of the calling thread */
    void line(String line);

    /** The instance of the calling thread passed a watermark. */
    void watermark();

    /** The instance of the calling thread reached end of input. */
    void finished();

    /** Prints every line still held; call once the instances are done. */
    void flush();

    /**
     * @param instance the instance that printed the line
     * @param line the line
     */
    void line(int instance, String line);

    /** @param instance the instance that passed a watermark */
    void watermark(int instance);

    /** @param instance the instance that reached end of input */
    void finished(int instance);

    /**
     * Every instance has caught up with everything fed so far (the reader waited for the tasks): the lines held
     * go out, as if every instance had passed one more watermark.
     */
    void settled();
}
