/**
 * The record model of job files, below the replay and the job back-ends that both speak it:
 * {@link dev.weir.pipelines.record.ScenarioRecord} (key, event time, value), what the capture protocols make of
 * decoded events and what a job file's pipeline reads from element and record files.
 */
package dev.weir.pipelines.record;
