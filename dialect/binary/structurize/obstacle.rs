//! Why a construct cannot map onto a region ([`Obstacle`]), and how
//! that reads in words.

/// Why a construct cannot be a region, at which block.
#[derive(Clone, PartialEq, Eq)]
pub struct Obstacle {
    /// The id of the block where the problem shows.
    pub block: u32,
    pub kind: ObstacleKind,
}

/// What keeps a construct from being a region; block ids name the
/// blocks involved, and [`Obstacle::reason`] says it in words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ObstacleKind {
    HeaderIsMerge,
    ContinueIsMerge,
    ContinueOutsideLoop {
        header: u32,
    },
    LeavesParent {
        parent_header: u32,
    },
    BreaksOut {
        header: u32,
        target: u32,
        outer_header: u32,
    },
    ContinuesOut {
        header: u32,
        target: u32,
        outer_header: u32,
    },
    BranchesOut {
        header: u32,
        target: u32,
    },
    EnteredFromOutside {
        header: u32,
        source: u32,
    },
    BackEdgeOutsideContinue {
        header: u32,
    },
    SelectionBackEdge {
        header: u32,
    },
    InlineNamesOtherRegion,
}

impl Obstacle {
    /// The obstacle in words.
    pub fn reason(&self) -> String {
        match self.kind {
            ObstacleKind::HeaderIsMerge => "the header is its own merge block".to_string(),
            ObstacleKind::ContinueIsMerge => "the continue target is the merge block".to_string(),
            ObstacleKind::ContinueOutsideLoop { header } => {
                format!("the continue target is outside the loop headed by %{header}")
            }
            ObstacleKind::LeavesParent { parent_header } => {
                format!("the construct leaves its parent %{parent_header} past its merge block")
            }
            ObstacleKind::BreaksOut {
                header,
                target,
                outer_header,
            } => format!(
                "breaks out of the construct headed by %{header} to %{target}, the merge block \
                 of the enclosing construct headed by %{outer_header}"
            ),
            ObstacleKind::ContinuesOut {
                header,
                target,
                outer_header,
            } => format!(
                "continues out of the construct headed by %{header} to %{target}, the continue \
                 target of the enclosing loop headed by %{outer_header}"
            ),
            ObstacleKind::BranchesOut { header, target } => {
                format!("branches to %{target}, outside the construct headed by %{header}")
            }
            ObstacleKind::EnteredFromOutside { header, source } => {
                format!("entered from %{source}, outside the construct headed by %{header}")
            }
            ObstacleKind::BackEdgeOutsideContinue { header } => {
                format!("a back edge to %{header} from outside the continue construct")
            }
            ObstacleKind::SelectionBackEdge { header } => {
                format!("a back edge to the selection header %{header}")
            }
            ObstacleKind::InlineNamesOtherRegion => {
                "a construct kept inline names a block of another region".to_string()
            }
        }
    }
}

impl std::fmt::Debug for Obstacle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Obstacle")
            .field("block", &self.block)
            .field("reason", &self.reason())
            .finish()
    }
}
