//! **Large tables in memory**: the transposition table and the endgame databases are probed at
//! random, so nearly every probe waits on memory. Two things shorten the wait: [`HugeSlice`], a
//! fixed-length slice allocated on a 2 MiB boundary and, on Linux, marked for transparent huge
//! pages (`madvise(MADV_HUGEPAGE)`) before any of it is touched, so that the kernel backs it
//! with 2 MiB pages instead of 4 KiB ones; and [`prefetch`], which asks for an entry's cache
//! line ahead of the probe (an x86-64 prefetch instruction; nothing on other processors).
//!
//! - **Idea.** A probe of a large transposition table (or an endgame database) lands on a random
//!   page: with 4 KiB pages, a 512 MiB table spans 131 072 of them, far more than the processor's
//!   address cache (the TLB) holds, so nearly every probe also walks the page tables. With 2 MiB
//!   pages it spans 256, and the walk mostly disappears. Chess engines do the same for their
//!   hash (Stockfish's `aligned_large_pages_alloc`).
//! - **Invariant.** The slice behaves as a `Box<[T]>` of the same elements: every element
//!   written once by the constructor before the slice is handed out, dropped and freed with the
//!   layout it was allocated with. Where the system refuses the advice (another kernel, THP off:
//!   `/sys/kernel/mm/transparent_hugepage/enabled` set to `never`), the memory is ordinary pages
//!   and nothing else changes.
//! - **Exact.** Only where the memory lives changes, never what it holds.
//! - **Cost.** Up to 2 MiB of alignment slack per table, and none below 2 MiB (a small slice is
//!   allocated as any other). Measured on a `Kalah(6, 4)` solve (the 512 MiB table and the
//!   30 MiB database; see the book's Solving games page), side by side on one thread: huge pages
//!   about 9% less time, the prefetch instruction (against a plain load, which the processor
//!   waits for before it retires what follows) about 6%. The first write to each page costs
//!   the system more than the page itself: on the project's 2-core virtual machine, which is
//!   handed memory as it first touches it, about 5 ms a huge page (1.0-1.5 s for a 512 MiB
//!   table, against 0.03 s for memory the process has touched before), so a table searched
//!   on several threads is written on all of them at once ([`HugeSlice::from_fn_on`]: 0.6 s
//!   for 512 MiB on two).
//! - **Unsafe.** The one module of the workspace with `unsafe` code (every other crate forbids
//!   it, search-core denies it elsewhere): the aligned allocation and its free, the advice and
//!   the prefetch (system calls and an intrinsic), the elements' first writes, by several
//!   threads on disjoint ranges, and the `Send`/`Sync` of the raw pointer. Each has its safety
//!   comment; CI runs this module's tests under AddressSanitizer and ThreadSanitizer
//!   (`.ci/sanitizers`).
#![allow(unsafe_code)]

use std::alloc::Layout;
use std::ops::Deref;
use std::ptr::NonNull;

/// The huge page size the slice is aligned to (x86-64 and most aarch64 kernels).
const HUGE_PAGE: usize = 2 << 20;

/// A fixed-length slice of `T` in memory advised for huge pages (see the [module
/// documentation](self)).
pub(crate) struct HugeSlice<T> {
    ptr: NonNull<T>,
    len: usize,
    layout: Layout,
}

// SAFETY: a `HugeSlice<T>` owns its elements as a `Box<[T]>` does; sending or sharing it sends
// or shares them.
unsafe impl<T: Send> Send for HugeSlice<T> {}
// SAFETY: as above: `&HugeSlice<T>` gives out only `&T`.
unsafe impl<T: Sync> Sync for HugeSlice<T> {}

impl<T> HugeSlice<T> {
    /// `len` elements, the `i`-th `element(i)`.
    ///
    /// # Panics
    ///
    /// If `len` elements of `T` overflow the address space (as `Vec` would); aborts if the
    /// memory cannot be had (as `Vec` does).
    pub(crate) fn from_fn(len: usize, mut element: impl FnMut(usize) -> T) -> Self {
        let (ptr, layout) = HugeSlice::<T>::allocate(len);
        for i in 0..len {
            // SAFETY: `i < len`, inside the allocation, each element written once; a panic in
            // `element` leaks the allocation and the elements written, never reads them.
            unsafe { ptr.as_ptr().add(i).write(element(i)) };
        }
        HugeSlice { ptr, len, layout }
    }

    /// `len` elements, the `i`-th `element(i)`, written on `threads` threads at once, each a
    /// contiguous part: the first write to each page is where the time goes (where memory is
    /// handed to a virtual machine as it is first touched, about 5 ms a 2 MiB page: 1.2 s for a
    /// 512 MiB table), and it goes about as many times faster as threads write it. A slice
    /// below a huge page is written on the calling thread.
    ///
    /// # Panics
    ///
    /// As [`from_fn`](Self::from_fn); a panic in `element` on any thread panics here.
    pub(crate) fn from_fn_on(len: usize, threads: usize, element: impl Fn(usize) -> T + Sync) -> Self
    where
        T: Send,
    {
        let (ptr, layout) = HugeSlice::<T>::allocate(len);
        let start = Unwritten(ptr);
        let write = |range: std::ops::Range<usize>| {
            for i in range {
                // SAFETY: `i < len`, inside the allocation; the threads' ranges are disjoint,
                // so each element is written once; a panic in `element` leaks the allocation
                // and the elements written, never reads them.
                unsafe { start.element(i).write(element(i)) };
            }
        };
        let threads = if layout.size() >= HUGE_PAGE {
            threads.clamp(1, len.max(1))
        } else {
            1
        };
        let part = len.div_ceil(threads);
        let write = &write;
        std::thread::scope(|scope| {
            for first in (part..len).step_by(part.max(1)) {
                scope.spawn(move || write(first..(first + part).min(len)));
            }
            write(0..part.min(len));
        });
        HugeSlice { ptr, len, layout }
    }

    /// Memory for `len` elements, unwritten: aligned to a huge page and advised for huge pages
    /// from a huge page up.
    fn allocate(len: usize) -> (NonNull<T>, Layout) {
        let bytes = std::mem::size_of::<T>()
            .checked_mul(len)
            .expect("a table larger than the address space");
        let align = if bytes >= HUGE_PAGE {
            HUGE_PAGE
        } else {
            std::mem::align_of::<T>()
        };
        let layout = Layout::from_size_align(bytes.max(1), align.max(std::mem::align_of::<T>()))
            .expect("a table larger than the address space");
        // SAFETY: the layout's size is at least 1.
        let raw = unsafe { std::alloc::alloc(layout) };
        let Some(ptr) = NonNull::new(raw.cast::<T>()) else {
            std::alloc::handle_alloc_error(layout)
        };
        if bytes >= HUGE_PAGE {
            advise_huge_pages(raw, bytes);
        }
        (ptr, layout)
    }
}

/// The start of a slice's memory while its threads write it (each its own elements).
struct Unwritten<T>(NonNull<T>);

impl<T> Clone for Unwritten<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for Unwritten<T> {}

// SAFETY: the threads that share it write disjoint elements (`from_fn_on`), and the elements
// they write are `Send`.
unsafe impl<T: Send> Send for Unwritten<T> {}
// SAFETY: as above: shared only to write disjoint elements.
unsafe impl<T: Send> Sync for Unwritten<T> {}

impl<T> Unwritten<T> {
    /// Where the `i`-th element goes (a method, so that a closure captures the whole `Send`
    /// wrapper, not its pointer).
    fn element(self, i: usize) -> *mut T {
        self.0.as_ptr().wrapping_add(i)
    }
}

/// Advises the kernel to back `bytes` bytes at `start` (aligned to [`HUGE_PAGE`], not yet
/// touched) with transparent huge pages. Advice only: a refusal changes nothing.
#[cfg(target_os = "linux")]
fn advise_huge_pages(start: *mut u8, bytes: usize) {
    // SAFETY: the range is one allocation of ours, page-aligned; MADV_HUGEPAGE changes no
    // contents and no permission, and its failure (EINVAL where THP is off) is ignored.
    unsafe {
        libc::madvise(start.cast(), bytes, libc::MADV_HUGEPAGE);
    }
}

#[cfg(not(target_os = "linux"))]
fn advise_huge_pages(_start: *mut u8, _bytes: usize) {}

/// The machine's memory in MiB, where the system says (`sysconf`'s physical pages on Linux):
/// what [`Resources`](crate::Resources) checks a table's size against.
#[cfg(target_os = "linux")]
pub(crate) fn physical_mib() -> Option<usize> {
    // SAFETY: `sysconf` reads a system constant; it takes no pointer and changes nothing.
    let (pages, page_size) = unsafe {
        (
            libc::sysconf(libc::_SC_PHYS_PAGES),
            libc::sysconf(libc::_SC_PAGESIZE),
        )
    };
    let bytes = u64::try_from(pages)
        .ok()?
        .checked_mul(u64::try_from(page_size).ok()?)?;
    usize::try_from(bytes >> 20).ok().filter(|&mib| mib > 0)
}

/// The machine's memory: not known on this system.
#[cfg(not(target_os = "linux"))]
pub(crate) fn physical_mib() -> Option<usize> {
    None
}

/// Asks the processor to bring the cache line holding `value` in, without waiting for it: a
/// probe of a large table soon after finds it in the cache. Only a hint: it reads nothing the
/// program sees.
#[inline(always)]
pub(crate) fn prefetch<T>(value: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch reads nothing the program sees and cannot fault; `value` is a live
    // reference anyway. SSE is part of every x86-64 processor.
    unsafe {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        _mm_prefetch::<_MM_HINT_T0>(std::ptr::from_ref(value).cast());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = value;
}

impl<T> Deref for HugeSlice<T> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        // SAFETY: `len` elements, all written by the constructor, live as long as `self`.
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }
}

impl<T> Drop for HugeSlice<T> {
    fn drop(&mut self) {
        // SAFETY: the elements were all written and are dropped once; the memory is freed with
        // the layout it was allocated with.
        unsafe {
            std::ptr::drop_in_place(std::ptr::slice_from_raw_parts_mut(self.ptr.as_ptr(), self.len));
            std::alloc::dealloc(self.ptr.as_ptr().cast(), self.layout);
        }
    }
}

impl<T: std::fmt::Debug> std::fmt::Debug for HugeSlice<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "HugeSlice({} elements)", self.len)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU64, Ordering};

    #[test]
    fn a_slice_holds_what_it_was_made_with_small_or_large() {
        for len in [0, 1, 7, 1000, (4 << 20) / 8 + 3] {
            let slice = HugeSlice::from_fn(len, |i| AtomicU64::new(i as u64 * 3));
            assert_eq!(slice.len(), len);
            assert!(
                slice
                    .iter()
                    .enumerate()
                    .all(|(i, word)| word.load(Ordering::Relaxed) == i as u64 * 3)
            );
            if len > 0 {
                slice[len - 1].store(5, Ordering::Relaxed);
                assert_eq!(slice[len - 1].load(Ordering::Relaxed), 5);
            }
        }
    }

    #[test]
    fn a_slice_written_on_several_threads_holds_every_element_once() {
        // Large enough to be split (a huge page of words and a bit), and small ones that are not;
        // more threads than elements, and than this machine's cores.
        for len in [0, 1, 5, (2 << 20) / 8 + 3, (4 << 20) / 8 + 5] {
            for threads in [1, 2, 3, 8] {
                let slice = HugeSlice::from_fn_on(len, threads, |i| AtomicU64::new(i as u64 * 7 + 1));
                assert_eq!(slice.len(), len);
                assert!(
                    slice
                        .iter()
                        .enumerate()
                        .all(|(i, word)| word.load(Ordering::Relaxed) == i as u64 * 7 + 1),
                    "{len} elements on {threads} threads"
                );
            }
        }
    }

    #[test]
    fn a_large_slice_starts_on_a_huge_page() {
        let slice = HugeSlice::from_fn(HUGE_PAGE, |_| 0u8);
        assert_eq!(slice.as_ptr() as usize % HUGE_PAGE, 0);
    }

    #[test]
    fn elements_are_dropped_once() {
        use std::rc::Rc;
        let counted = Rc::new(());
        let slice = HugeSlice::from_fn(10, |_| Rc::clone(&counted));
        assert_eq!(Rc::strong_count(&counted), 11);
        drop(slice);
        assert_eq!(Rc::strong_count(&counted), 1);
    }
}
