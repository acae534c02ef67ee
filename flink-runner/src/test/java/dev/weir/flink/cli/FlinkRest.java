package dev.weir.flink.cli;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.JsonNode;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.ObjectMapper;

/**
 * A Flink JobManager's REST API as JSON, and waiting on it: {@link #await} asks again every
 * {@link #POLL_EVERY} until a condition holds or a deadline passes, and gives up at once when the
 * JobManager's process has ended. Thread-safe.
 */
final class FlinkRest {
    private static final Duration POLL_EVERY = Duration.ofMillis(100);
    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(10);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final URI base;
    private final Process jobManager;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(REQUEST_TIMEOUT).build();

    FlinkRest(final String host, final int port, final Process jobManager) {
        this.base = URI.create("http://" + host + ":" + port);
        this.jobManager = jobManager;
    }

    /** A condition on the cluster's state that may fail to be asked (the REST server not up yet). */
    @FunctionalInterface
    interface Condition {
        boolean holds() throws Exception;
    }

    /**
     * @param path a REST path, e.g. {@code /taskmanagers}
     * @return the response's JSON
     * @throws IOException on a failed request or a status other than 200
     */
    JsonNode get(final String path) throws IOException, InterruptedException {
        final HttpResponse<String> response = http.send(HttpRequest.newBuilder(base.resolve(path)).timeout(REQUEST_TIMEOUT).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IOException("GET " + path + ": HTTP " + response.statusCode() + ": " + response.body());
        }
        return JSON.readTree(response.body());
    }

    /**
     * Waits until the condition holds; a condition that throws counts as not holding yet.
     *
     * @param what what is waited for, for the failure's message
     * @param timeout how long to wait at most
     * @param condition asked every {@link #POLL_EVERY}
     * @throws AssertionError if the deadline passes or the JobManager's process ends first
     */
    void await(final String what, final Duration timeout, final Condition condition) throws InterruptedException {
        final long deadline = System.nanoTime() + timeout.toNanos();
        Exception last = null;
        while (true) {
            try {
                if (condition.holds()) {
                    return;
                }
            } catch (final InterruptedException e) {
                throw e;
            } catch (final Exception e) {
                last = e;
            }
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("not within " + timeout.toSeconds() + " s: " + what + (last == null ? "" : "; last error: " + last), last);
            }
            // the pause between two questions, cut short if the JobManager dies
            if (jobManager.waitFor(POLL_EVERY.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new AssertionError("the JobManager ended (exit code " + jobManager.exitValue() + ") while waiting for: " + what);
            }
        }
    }
}
