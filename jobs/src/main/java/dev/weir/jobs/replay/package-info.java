/**
 * The job-file half of {@code weir replay}: {@link dev.weir.jobs.replay.JobFileReplay} runs a job file's window over
 * the records a {@code CaptureProtocol} makes of decoded events ({@code weir replay --job JOB.yaml --decoder NAME}),
 * printing the lines of {@code weir run}. The replay itself, its decoders and protocols are in
 * {@code dev.weir.pipelines.replay}.
 */
package dev.weir.jobs.replay;
