//! The uses of values: every value's use count, kept as operands change,
//! and its use list (the operands using it), made only when first needed.
//!
//! Building IR only counts uses: a value's record holds its count, and an
//! op's operands are just values. The first question about a value's uses
//! (or the first change to an existing op's operands) makes every value's
//! use list in one sweep over the ops; from then on the lists are kept up
//! to date. Until then ops are only ever created, each with its operands,
//! so the sweep in creation order gives the lists as if they had been kept
//! all along.

use super::context::{Context, Op, Value};
use super::kept::Storage;
use super::structure::Short;
use std::sync::OnceLock;

/// A use of a value: operand `index` of `op`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Use {
    pub op: Op,
    pub index: u32,
}

/// Every value's uses, by value index, once made (see the module docs).
/// Values made after the lists were have theirs once they get a use.
#[derive(Clone, Default)]
pub(crate) struct UseLists(OnceLock<Vec<Short<Use, 2>>>);

/// The use lists of the values of `store`, from its ops' operands.
fn made_lists(store: &Storage) -> Vec<Short<Use, 2>> {
    let mut lists = vec![Short::new(); store.values.len()];
    for (at, data) in store.ops.iter().enumerate() {
        let op = Op(at as u32);
        for (index, value) in data.operands.iter().enumerate() {
            let index = index as u32;
            lists[value.index()].push(Use { op, index });
        }
    }
    lists
}

/// The use list of `value` among `lists`, made room for when `value` is
/// newer than the lists.
fn list_of(lists: &mut Vec<Short<Use, 2>>, value: Value) -> &mut Short<Use, 2> {
    if value.index() >= lists.len() {
        lists.resize(value.index() + 1, Short::new());
    }
    &mut lists[value.index()]
}

impl Context {
    /// The uses of `v`, in the order they were made (a removed use's place
    /// taken by the last).
    pub fn uses(&self, v: Value) -> &[Use] {
        let lists = self.use_lists.0.get_or_init(|| made_lists(&self.store));
        lists.get(v.index()).map_or(&[], |list| list)
    }

    /// How many operands use `v` (without making use lists).
    pub fn use_count(&self, v: Value) -> usize {
        self.store.values[v.index()].use_count as usize
    }

    /// The use lists, made first when they are not yet.
    fn use_lists_mut(&mut self) -> &mut Vec<Short<Use, 2>> {
        (self.use_lists.0).get_or_init(|| made_lists(&self.store));
        (self.use_lists.0.get_mut()).expect("use lists were just made")
    }

    /// Counts the uses by the new op `op` of its `operands`, entering them
    /// in their use lists where those are made (inline: once per op made).
    #[inline(always)]
    pub(super) fn count_uses(&mut self, op: Op, operands: &[Value]) {
        let values = &mut self.store.values;
        for &value in operands {
            values[value.index()].use_count += 1;
        }
        if let Some(lists) = self.use_lists.0.get_mut() {
            for (index, &value) in operands.iter().enumerate() {
                let index = index as u32;
                list_of(lists, value).push(Use { op, index });
            }
        }
    }

    /// Enters the use `u` of `value`.
    fn add_use(&mut self, value: Value, u: Use) {
        self.store.values[value.index()].use_count += 1;
        list_of(self.use_lists_mut(), value).push(u);
    }

    /// Removes the use `u` of `value`, the last use taking its place.
    fn remove_use(&mut self, value: Value, u: Use) {
        self.store.values[value.index()].use_count -= 1;
        let list = list_of(self.use_lists_mut(), value);
        if let Some(slot) = list.iter().position(|&listed| listed == u) {
            list.swap_remove(slot);
        }
    }

    pub fn push_operand(&mut self, op: Op, value: Value) {
        let index = self.store.ops[op.index()].operands.len() as u32;
        self.add_use(value, Use { op, index });
        self.store.ops[op.index()].operands.push(value);
    }

    pub fn set_operand(&mut self, op: Op, index: usize, value: Value) {
        let old = self.store.ops[op.index()].operands[index];
        let u = Use {
            op,
            index: index as u32,
        };
        self.remove_use(old, u);
        self.add_use(value, u);
        self.store.ops[op.index()].operands[index] = value;
    }

    /// Drops every operand of `op`, the last first.
    pub fn clear_operands(&mut self, op: Op) {
        while let Some(&value) = self.store.ops[op.index()].operands.last() {
            let index = self.store.ops[op.index()].operands.len() as u32 - 1;
            self.remove_use(value, Use { op, index });
            self.store.ops[op.index()].operands.pop();
        }
    }

    /// Makes every use of `from` use `to` instead.
    pub fn replace_all_uses(&mut self, from: Value, to: Value) {
        if from == to {
            return;
        }
        let uses = std::mem::take(list_of(self.use_lists_mut(), from));
        self.store.values[from.index()].use_count = 0;
        for u in uses {
            self.add_use(to, u);
            self.store.ops[u.op.index()].operands[u.index as usize] = to;
        }
    }
}
