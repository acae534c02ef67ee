package dev.weir.runtime.threaded;

import java.util.ArrayList;
import java.util.List;
import org.agrona.ErrorHandler;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.AgentTerminationException;
import org.agrona.concurrent.CompositeAgent;

/**
 * Several tasks on one thread: an Agrona {@link CompositeAgent} calls each task's
 * {@link Agent#doWork()} in turn and sums the work, so a task switch is a method return. A task
 * that terminates is closed at once and skipped from then on; the thread terminates when every
 * one of its tasks has. A task's failure goes to the error handler unwrapped, as it would from a
 * thread of its own. Single-threaded, like every agent.
 */
final class SharedThreadAgent implements Agent {
    private final CompositeAgent tasks;
    private final String roleName;
    private int running;

    /**
     * @param tasks the tasks, at least two
     * @param errors receives every failure of a task's {@code onStart}, {@code doWork} or {@code onClose}
     */
    SharedThreadAgent(final List<? extends Agent> tasks, final ErrorHandler errors) {
        final List<Member> members = new ArrayList<>(tasks.size());
        final List<String> names = new ArrayList<>(tasks.size());
        for (final Agent task : tasks) {
            members.add(new Member(task, errors));
            names.add(task.roleName());
        }
        this.tasks = new CompositeAgent(members);
        this.roleName = String.join("+", names);
        this.running = members.size();
    }

    @Override
    public void onStart() {
        tasks.onStart();
    }

    @Override
    public int doWork() throws Exception {
        final int work = tasks.doWork();
        if (running == 0) {
            throw new AgentTerminationException();
        }
        return work;
    }

    @Override
    public void onClose() {
        tasks.onClose();
    }

    @Override
    public String roleName() {
        return roleName;
    }

    /** One task of the thread: terminates on its own, never throws out of its lifecycle hooks. */
    private final class Member implements Agent {
        private final Agent task;
        private final ErrorHandler errors;
        private boolean done;
        private boolean closed;

        Member(final Agent task, final ErrorHandler errors) {
            this.task = task;
            this.errors = errors;
        }

        @Override
        public void onStart() {
            try {
                task.onStart();
            } catch (RuntimeException | Error e) {
                errors.onError(e);
                terminate();
            }
        }

        @Override
        public int doWork() throws Exception {
            if (done) {
                return 0;
            }
            try {
                return task.doWork();
            } catch (AgentTerminationException e) {
                errors.onError(e);
                terminate();
                onClose();
                return 0;
            }
        }

        private void terminate() {
            if (!done) {
                done = true;
                running--;
            }
        }

        @Override
        public void onClose() {
            if (!closed) {
                closed = true;
                try {
                    task.onClose();
                } catch (RuntimeException | Error e) {
                    errors.onError(e);
                }
            }
        }

        @Override
        public String roleName() {
            return task.roleName();
        }
    }
}
