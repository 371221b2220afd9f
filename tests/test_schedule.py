"""A table's schedule: waits on the animation clock, as the counters it replaced kept them."""

from rummi_desktop.scenes.schedule import Schedule


class Calls(list):
    def make(self, name):
        def call():
            self.append(name)
        return call


def test_a_wait_counts_the_frame_it_was_asked_in_and_calls_once():
    schedule, calls = Schedule(), Calls()
    done = calls.make("done")
    schedule.after(0.5, done)
    for _ in range(3):  # frames of 1/8 s (exact in binary): 0.375 s
        schedule.advance(0.125)
    assert calls == [] and schedule.waiting(done)
    schedule.advance(0.125)  # the 4th: 0.5 s
    assert calls == ["done"] and not schedule.waiting(done)
    schedule.advance(10)
    assert calls == ["done"]


def test_after_starts_over_keep_lets_a_running_wait_go_on_and_cancel_drops_it():
    schedule, calls = Schedule(), Calls()
    a, b = calls.make("a"), calls.make("b")
    schedule.after(1.0, a)
    schedule.advance(0.75)
    schedule.keep(1.0, a)  # still 0.25 to go
    schedule.advance(0.25)
    assert calls == ["a"]
    schedule.after(1.0, b)
    schedule.advance(0.75)
    schedule.after(1.0, b)  # from now again
    schedule.advance(0.75)
    assert calls == ["a"]
    schedule.cancel(b)
    schedule.advance(5)
    assert calls == ["a"] and not schedule.waiting(b)


def test_what_is_due_is_called_in_the_order_asked_and_a_wait_asked_by_a_callback_counts_from_the_next_advance():
    schedule, calls = Schedule(), Calls()
    second = calls.make("second")

    def first():
        calls.append("first")
        schedule.after(0.0, second)  # due at the next advance, not this one

    schedule.after(0.1, first)
    schedule.after(0.1, calls.make("third"))
    schedule.advance(1.0)
    assert calls == ["first", "third"]
    schedule.advance(0.0)
    assert calls == ["first", "third", "second"]


def test_a_callback_that_cancels_a_later_one_stops_it():
    schedule, calls = Schedule(), Calls()
    later = calls.make("later")
    schedule.after(0.1, lambda: schedule.cancel(later))
    schedule.after(0.1, later)
    schedule.advance(1.0)
    assert calls == []
