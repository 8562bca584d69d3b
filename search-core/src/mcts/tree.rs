//! The search tree of [`Mcts`](super::Mcts): an arena of nodes with their visit counts, rewards
//! and proofs, UCT selection, and the MCTS-Solver's proof propagation.
//!
//! Nodes live in one `Vec`, addressed by `u32` indices; a node's children are contiguous
//! (`first_child .. first_child + child_count`), added all at once when the node is expanded. No
//! position is stored: a search replays the moves from the root as it descends, so a node costs
//! the same few dozen bytes whatever the game.

use crate::{Player, Proof};

/// An index into the arena.
pub(super) type NodeId = u32;

/// The root's index.
pub(super) const ROOT: NodeId = 0;

/// One position of the tree (crate-private: its size is what [`Mcts::node_bytes`](super::Mcts::node_bytes) tells).
#[derive(Clone, Debug)]
pub(super) struct Node<M> {
    /// The move that leads here from the parent (`None` at the root).
    pub mv: Option<M>,
    /// The parent (`ROOT` for the root itself, never read there).
    pub parent: NodeId,
    /// The first child, when `expanded`.
    pub first_child: NodeId,
    /// How many children (0: not expanded, or a position without moves).
    pub child_count: u32,
    /// Whether the moves were generated and the children added.
    pub expanded: bool,
    /// The side to move here (known once expanded).
    pub to_move: Player,
    /// Nature moves here (a chance node: known once expanded): its children are sampled by
    /// weight, and it is proven only when every outcome is proven the same.
    pub chance: bool,
    /// Iterations that passed through this node.
    pub visits: u32,
    /// The sum of their rewards for [`Player::First`] (each in `0.0..=1.0`).
    pub reward: f64,
    /// The proven result, if any.
    pub proof: Option<Proof>,
    /// A child is proven drawn (and the node is not proven): the side to move here can secure a
    /// draw, so no result worse than a draw for it is backpropagated through here.
    pub draw_floor: bool,
    /// The length of the proven line in plies (0 for a finished game): the winner's way to win
    /// found by the solver (not necessarily the fastest), the loser's longest resistance.
    pub proof_plies: u32,
}

impl<M> Node<M> {
    fn new(mv: Option<M>, parent: NodeId) -> Self {
        Node {
            mv,
            parent,
            first_child: 0,
            child_count: 0,
            expanded: false,
            to_move: Player::First,
            chance: false,
            visits: 0,
            reward: 0.0,
            proof: None,
            draw_floor: false,
            proof_plies: 0,
        }
    }

    /// The mean reward for `player` (½ when unvisited); a proven node's is its proof's.
    pub fn mean_for(&self, player: Player) -> f64 {
        let first = match self.proof {
            Some(proof) => proof.reward(),
            None if self.visits == 0 => 0.5,
            None => self.reward / f64::from(self.visits),
        };
        if player == Player::First {
            first
        } else {
            1.0 - first
        }
    }
}

/// The arena.
#[derive(Clone, Debug)]
pub(super) struct Tree<M> {
    pub nodes: Vec<Node<M>>,
    /// No expansion beyond this many nodes.
    pub cap: usize,
}

impl<M: Copy> Tree<M> {
    /// A tree holding only the root.
    pub fn new(cap: usize) -> Self {
        Tree {
            nodes: vec![Node::new(None, ROOT)],
            cap: cap.max(1),
        }
    }

    /// The children's indices of `id`.
    pub fn children(&self, id: NodeId) -> std::ops::Range<NodeId> {
        let node = &self.nodes[id as usize];
        node.first_child..node.first_child + node.child_count
    }

    /// Whether `count` more nodes fit under the cap.
    pub fn has_room(&self, count: usize) -> bool {
        self.nodes.len() + count <= self.cap
    }

    /// Adds a child per move under `id` and marks it expanded, `to_move` to move there
    /// (`chance`: the moves are nature's outcomes).
    pub fn expand(&mut self, id: NodeId, to_move: Player, chance: bool, moves: &[M]) {
        let first = self.nodes.len() as NodeId;
        self.nodes.extend(moves.iter().map(|&mv| Node::new(Some(mv), id)));
        let node = &mut self.nodes[id as usize];
        node.first_child = first;
        node.child_count = moves.len() as u32;
        node.expanded = true;
        node.to_move = to_move;
        node.chance = chance;
    }

    /// UCT's choice among `id`'s children (Kocsis & Szepesvári 2006): an unvisited child first
    /// (in move order), else the child maximising `mean + c · sqrt(ln N / n)` for the side to
    /// move here. Proven children are never chosen (MCTS-Solver): their value is known, and an
    /// iteration through them would learn nothing. `None` when every child is proven (then the
    /// node is proven too, and this is not asked) or there is none.
    pub fn select(&self, id: NodeId, exploration: f64) -> Option<NodeId> {
        let node = &self.nodes[id as usize];
        let player = node.to_move;
        let log_parent = f64::from(node.visits.max(1)).ln();
        let mut best = None;
        let mut best_value = f64::NEG_INFINITY;
        for child_id in self.children(id) {
            let child = &self.nodes[child_id as usize];
            if child.proof.is_some() {
                continue;
            }
            if child.visits == 0 {
                return Some(child_id);
            }
            let value = child.mean_for(player) + exploration * (log_parent / f64::from(child.visits)).sqrt();
            if value > best_value {
                best_value = value;
                best = Some(child_id);
            }
        }
        best
    }

    /// Adds one visit with `reward` (for [`Player::First`]) to `id` and every ancestor; at a
    /// node whose side to move can secure a proven draw, a worse reward is raised to a draw.
    pub fn backpropagate(&mut self, mut id: NodeId, mut reward: f64) {
        loop {
            let node = &mut self.nodes[id as usize];
            if node.draw_floor {
                reward = match node.to_move {
                    Player::First => reward.max(0.5),
                    Player::Second => reward.min(0.5),
                };
            }
            node.visits += 1;
            node.reward += reward;
            if id == ROOT {
                return;
            }
            id = node.parent;
        }
    }

    /// Records that `id` is proven `proof` in `plies`, then proves its ancestors where that
    /// decides them (Winands, Björnsson & Saito 2008):
    ///
    /// - a parent whose side to move has a child won for it is won for it (the shortest such
    ///   line counts);
    /// - a parent whose children are all proven takes the best of them for its side to move: a
    ///   draw if one is drawn, else a loss (the longest resistance counts).
    pub fn prove(&mut self, mut id: NodeId, mut proof: Proof, mut plies: u32) {
        loop {
            let node = &mut self.nodes[id as usize];
            node.proof = Some(proof);
            node.proof_plies = plies;
            if id == ROOT {
                return;
            }
            let parent = node.parent;
            if self.nodes[parent as usize].chance {
                // A chance node is decided only when every outcome is, the same way (the mean
                // of a win and a loss is no result); no draw floor: nobody chooses here.
                let mut outcomes = self.children(parent).map(|c| &self.nodes[c as usize]);
                let Some(first) = outcomes.next().and_then(|c| c.proof) else {
                    return;
                };
                let mut longest = 0;
                for child in self.children(parent).map(|c| &self.nodes[c as usize]) {
                    if child.proof != Some(first) {
                        return;
                    }
                    longest = longest.max(child.proof_plies);
                }
                if self.nodes[parent as usize].proof.is_some() {
                    return;
                }
                (proof, plies, id) = (first, longest + 1, parent);
                continue;
            }
            let player = self.nodes[parent as usize].to_move;
            let mut winning = None::<u32>;
            let mut all_proven = true;
            let mut drawn = false;
            let mut longest_loss = 0;
            for child_id in self.children(parent) {
                let child = &self.nodes[child_id as usize];
                match child.proof {
                    Some(Proof::Won(winner)) if winner == player => {
                        winning = Some(winning.map_or(child.proof_plies, |w| w.min(child.proof_plies)));
                    }
                    Some(Proof::Won(_)) => longest_loss = longest_loss.max(child.proof_plies),
                    Some(Proof::Drawn) => drawn = true,
                    None => all_proven = false,
                }
            }
            (proof, plies) = match (winning, all_proven, drawn) {
                (Some(w), _, _) => (Proof::Won(player), w + 1),
                (None, true, true) => (Proof::Drawn, 0),
                (None, true, false) => (Proof::Won(player.opponent()), longest_loss + 1),
                (None, false, drawn) => {
                    self.nodes[parent as usize].draw_floor |= drawn;
                    return;
                }
            };
            if self.nodes[parent as usize].proof.is_some() {
                // Proven before (a proof is final: no iteration descends below it again).
                return;
            }
            id = parent;
        }
    }

    /// The subtree under `id` as a tree of its own (`id` its root), for reuse after a move;
    /// `None` when `id` was never expanded (nothing worth keeping).
    pub fn subtree(&self, id: NodeId) -> Option<Tree<M>> {
        if !self.nodes[id as usize].expanded {
            return None;
        }
        let mut new = Tree {
            nodes: Vec::new(),
            cap: self.cap,
        };
        let mut root = self.nodes[id as usize].clone();
        root.mv = None;
        root.parent = ROOT;
        new.nodes.push(root);
        // Breadth first: each copied node's children are copied contiguously after it.
        let mut queue = std::collections::VecDeque::from([(id, ROOT)]);
        while let Some((old, copy)) = queue.pop_front() {
            let range = self.children(old);
            if range.is_empty() {
                continue;
            }
            let first = new.nodes.len() as NodeId;
            for child in range.clone() {
                let mut node = self.nodes[child as usize].clone();
                node.parent = copy;
                new.nodes.push(node);
            }
            new.nodes[copy as usize].first_child = first;
            for (offset, child) in range.enumerate() {
                queue.push_back((child, first + offset as NodeId));
            }
        }
        Some(new)
    }
}
